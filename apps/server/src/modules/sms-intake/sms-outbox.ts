import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { smsMessages } from '../../db/schema/index.js';
import type { SmsGateway } from '../../sms/gateway.js';
import type { SmsReply } from './sms-intake.service.js';

/** Sends one reply and logs it as an outbound row; never throws (a lost reply must not lose anything else). */
export async function deliverReply(
  db: Database,
  gateway: SmsGateway,
  reply: SmsReply,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const result = await gateway.send(reply.to, reply.text);
    const outcome = result.ok ? 'sent' : gateway.configured ? 'failed' : 'not_sent';
    if (result.ok) log.info({ to: reply.to, messageId: result.messageId }, 'SMS reply sent');
    else log.warn({ to: reply.to, error: result.error, text: reply.text }, 'SMS reply not sent');
    await db.insert(smsMessages).values({
      direction: 'out',
      phone: reply.to,
      shortCode: reply.shortCode,
      text: reply.text,
      gatewayId: result.messageId ?? null,
      countryCode: reply.country,
      complaintId: reply.complaintId,
      outcome,
      error: result.error ?? null,
    });
  } catch (error) {
    log.error({ err: error, to: reply.to }, 'SMS reply could not be logged');
  }
}
