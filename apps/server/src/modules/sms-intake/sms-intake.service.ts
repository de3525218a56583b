import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitSetting } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { complaints, smsMessages, smsServices, users } from '../../db/schema/index.js';
import { countryOfPhone, normalisePhone } from '../../sms/phone.js';
import { lodgeSmsComplaint, type ComplaintDeps } from './sms-complaint.js';
import { briefOf, messageDate, parseSms } from './sms-parse.js';
import { replyLocale, smsReplies } from './sms-replies.js';

/** The fields of Africa's Talking's incoming-message callback (all text, any may be missing). */
export interface InboundSms {
  from?: string | undefined;
  to?: string | undefined;
  text?: string | undefined;
  date?: string | undefined;
  id?: string | undefined;
  linkId?: string | undefined;
}

export interface SmsReply {
  to: string;
  text: string;
  /** The portal number the conversation is on (logged with the reply). */
  shortCode: string;
  country: string | null;
  complaintId: number | null;
}

export interface IntakeResult {
  /** 200 for everything the gateway delivered well-formed; 400 when there is no sender to answer. */
  statusCode: 200 | 400;
  outcome: string;
  reply: SmsReply | null;
}

export interface IntakeContext {
  deps: ComplaintDeps;
  perSender: RateLimitSetting;
  log?: FastifyBaseLogger;
}

type Service = typeof smsServices.$inferSelect;
type LogFields = Partial<typeof smsMessages.$inferInsert> & { outcome: string };

/** Strips the `+` and spaces a short code may be written with, for comparison. */
const bareCode = (code: string) => code.replace(/\D/g, '');

/**
 * The service a keyword addresses: the one on the number the message went to; else the only active
 * service with that keyword; else, when several share it, the one of the sender's dialling code.
 */
function serviceFor(services: Service[], keyword: string, to: string, from: string): Service | null {
  const withKeyword = services.filter((service) => service.keyword === keyword);
  const onNumber = withKeyword.find((service) => bareCode(service.shortCode) === bareCode(to));
  if (onNumber) return onNumber;
  if (withKeyword.length === 1) return withKeyword[0] ?? null;
  const home = countryOfPhone(from);
  return withKeyword.find((service) => service.countryCode === home) ?? null;
}

/** The active, non-staff account whose phone is the sender's number (national numbers read by country). */
async function accountOfPhone(db: Database, phone: string) {
  const lastDigits = phone.slice(-9);
  const candidates = await db
    .select({ id: users.id, phone: users.phone, country: users.countryCode, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        eq(users.isStaff, false),
        sql`right(regexp_replace(${users.phone}, '[^0-9]', '', 'g'), 9) = ${lastDigits}`,
      ),
    )
    .orderBy(users.id);
  return candidates.find((user) => normalisePhone(user.phone, user.country) === phone) ?? null;
}

async function logInbound(db: Executor, fields: LogFields) {
  const [row] = await db
    .insert(smsMessages)
    .values({ direction: 'in', phone: '', ...fields })
    .returning({ id: smsMessages.id });
  return row;
}

/** Has this sender used up the window's allowance? Counted on the log, so it holds across instances. */
async function overLimit(db: Database, phone: string, limit: RateLimitSetting): Promise<boolean> {
  const since = new Date(Date.now() - limit.timeWindow);
  const [row] = await db
    .select({ n: count() })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.direction, 'in'),
        eq(smsMessages.phone, phone),
        gt(smsMessages.createdAt, since),
        ne(smsMessages.outcome, 'duplicate'),
      ),
    );
  return (row?.n ?? 0) >= limit.max;
}

/** "STATUS <reference>": the status and stage, only to the number that lodged it or its applicant's. */
async function statusReply(db: Database, reference: string, from: string) {
  const [found] = await db
    .select({
      id: complaints.id,
      reference: complaints.reference,
      status: complaints.status,
      stage: complaints.stage,
      country: complaints.countryCode,
      smsPhone: complaints.smsPhone,
      applicantPhone: users.phone,
      applicantCountry: users.countryCode,
      applicantLocale: users.locale,
    })
    .from(complaints)
    .leftJoin(users, eq(users.id, complaints.applicantId))
    .where(eq(complaints.reference, reference));
  const own =
    found &&
    (found.smsPhone === from ||
      (found.applicantPhone !== null &&
        normalisePhone(found.applicantPhone, found.applicantCountry) === from));
  if (!found || !own) return { outcome: 'unknown_reference', text: null, complaint: null };
  const locale = replyLocale(found.country, found.applicantLocale);
  return {
    outcome: 'status',
    text: smsReplies.status(locale, found.reference, found.status, found.stage),
    complaint: found,
  };
}

/**
 * Handles one inbound SMS: logs it, applies the per-sender limit, then lodges a complaint, answers a
 * status request or explains the formats. The reply is queued in the outbox in the transaction that
 * logs the message (and lodges the complaint): the delivery worker sends it, retrying on failure.
 */
export async function receiveSms(ctx: IntakeContext, message: InboundSms): Promise<IntakeResult> {
  const { db } = ctx.deps;
  const to = (message.to ?? '').trim().slice(0, 32);
  const text = (message.text ?? '').slice(0, 2000);
  const gatewayId = message.id?.trim().slice(0, 100) || null;
  const base = { shortCode: to, text, gatewayId, linkId: message.linkId?.slice(0, 100) || null };
  const sentAt = messageDate(message.date);
  const from = normalisePhone(message.from ?? '');
  if (!from) {
    await logInbound(db, {
      ...base,
      phone: (message.from ?? '').slice(0, 32),
      sentAt,
      outcome: 'invalid',
      error: 'missing or invalid sender',
    });
    return { statusCode: 400, outcome: 'invalid', reply: null };
  }
  const fields = { ...base, phone: from, sentAt };
  if (gatewayId) {
    const [seen] = await db
      .select({ id: smsMessages.id })
      .from(smsMessages)
      .where(and(eq(smsMessages.direction, 'in'), eq(smsMessages.gatewayId, gatewayId)));
    if (seen) {
      await logInbound(db, { ...fields, outcome: 'duplicate' });
      return { statusCode: 200, outcome: 'duplicate', reply: null };
    }
  }
  if (await overLimit(db, from, ctx.perSender)) {
    await logInbound(db, { ...fields, outcome: 'rate_limited' });
    return { statusCode: 200, outcome: 'rate_limited', reply: null };
  }

  const services = await db.select().from(smsServices).where(eq(smsServices.isActive, true));
  const onNumber = services.find((service) => bareCode(service.shortCode) === bareCode(to)) ?? null;
  const senderCountry = onNumber?.countryCode ?? countryOfPhone(from);
  const replyOf = (replyText: string, extra: Partial<SmsReply> = {}): SmsReply => ({
    to: from,
    text: replyText,
    shortCode: to,
    country: senderCountry,
    complaintId: null,
    ...extra,
  });
  /** Logs the message and queues its reply in one transaction. */
  const answer = async (log: LogFields, replyText: string, extra: Partial<SmsReply> = {}) => {
    const reply = replyOf(replyText, extra);
    await db.transaction(async (tx) => {
      await logInbound(tx, log);
      await ctx.deps.outbox.sms(tx, reply);
    });
    return { statusCode: 200 as const, outcome: log.outcome, reply };
  };
  const parsed = parseSms(text);

  if (parsed.kind === 'status') {
    const locale = replyLocale(senderCountry);
    if (!parsed.reference) {
      return answer(
        { ...fields, countryCode: senderCountry, outcome: 'help' },
        smsReplies.statusUsage(locale),
      );
    }
    const status = await statusReply(db, parsed.reference, from);
    return answer(
      {
        ...fields,
        countryCode: status.complaint?.country ?? senderCountry,
        complaintId: status.complaint?.id ?? null,
        outcome: status.outcome,
      },
      status.text ?? smsReplies.notFound(locale),
      { complaintId: status.complaint?.id ?? null },
    );
  }

  const service = parsed.kind === 'keyword' ? serviceFor(services, parsed.keyword, to, from) : null;
  if (!service || parsed.kind !== 'keyword') {
    const helpService = onNumber ?? services.find((item) => item.countryCode === senderCountry) ?? null;
    return answer(
      { ...fields, countryCode: senderCountry, outcome: 'help' },
      smsReplies.help(replyLocale(senderCountry), helpService),
    );
  }
  const applicant = await accountOfPhone(db, from);
  const locale = replyLocale(service.countryCode, applicant?.locale);
  if (!parsed.body) {
    return answer(
      { ...fields, countryCode: service.countryCode, outcome: 'help' },
      smsReplies.describe(locale, service.keyword),
      { country: service.countryCode },
    );
  }
  let reply: SmsReply | null = null;
  try {
    await lodgeSmsComplaint(
      ctx.deps,
      {
        countryCode: service.countryCode,
        applicantId: applicant?.id ?? null,
        phone: from,
        briefDescription: briefOf(parsed.body),
        details: parsed.body,
        dateOfOccurrence: sentAt.toISOString().slice(0, 10),
      },
      {
        ...(ctx.log ? { log: ctx.log } : {}),
        // The log row and the reply commit with the complaint (its reference is known only in there).
        inTransaction: async (tx, complaint) => {
          await logInbound(tx, {
            ...fields,
            countryCode: service.countryCode,
            complaintId: complaint.id,
            outcome: 'complaint',
          });
          reply = replyOf(smsReplies.received(locale, complaint.reference), {
            country: service.countryCode,
            complaintId: complaint.id,
          });
          await ctx.deps.outbox.sms(tx, reply);
        },
      },
    );
  } catch (error) {
    // Kept in the log with its text, so staff can still enter it by hand.
    const reason = error instanceof Error ? error.message : String(error);
    await logInbound(db, { ...fields, countryCode: service.countryCode, outcome: 'error', error: reason });
    throw error;
  }
  return { statusCode: 200, outcome: 'complaint', reply };
}
