/** Where and how replies go out: Africa's Talking's messaging API (docs/sms.md). */
export interface SmsGatewaySettings {
  gatewayUrl: string;
  username: string;
  apiKey: string;
  senderId: string;
}

export interface SmsSendResult {
  ok: boolean;
  /** The gateway's id for the message, when it accepted it. */
  messageId?: string;
  /** Why it was not sent: an HTTP status, the gateway's status text, a network error. */
  error?: string;
}

interface AfricasTalkingAnswer {
  SMSMessageData?: {
    Message?: string;
    Recipients?: { status?: string; statusCode?: number; messageId?: string; number?: string }[];
  };
}

// 100 Processed, 101 Sent, 102 Queued: the recipient statuses Africa's Talking counts as accepted.
const acceptedStatusCodes = new Set([100, 101, 102]);

/** Sends SMS through the gateway's HTTP API. Never throws: a failure comes back as `{ ok: false }`. */
export class SmsGateway {
  constructor(
    private readonly settings: SmsGatewaySettings,
    private readonly timeoutMs = 10_000,
  ) {}

  /** False until a username and an API key are configured; replies are then logged, not sent. */
  get configured(): boolean {
    return Boolean(this.settings.username && this.settings.apiKey);
  }

  /** One message to one number, form-encoded as the messaging API expects. */
  async send(to: string, message: string): Promise<SmsSendResult> {
    if (!this.configured) return { ok: false, error: 'SMS gateway not configured' };
    const form = new URLSearchParams({ username: this.settings.username, to, message });
    if (this.settings.senderId) form.set('from', this.settings.senderId);
    try {
      const response = await fetch(this.settings.gatewayUrl, {
        method: 'POST',
        headers: {
          apiKey: this.settings.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      if (!response.ok) return { ok: false, error: `HTTP ${response.status}: ${text.slice(0, 200)}` };
      const answer = JSON.parse(text) as AfricasTalkingAnswer;
      const recipient = answer.SMSMessageData?.Recipients?.[0];
      if (!recipient || !acceptedStatusCodes.has(Number(recipient.statusCode)))
        return { ok: false, error: recipient?.status ?? answer.SMSMessageData?.Message ?? 'No recipient' };
      return { ok: true, ...(recipient.messageId ? { messageId: recipient.messageId } : {}) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
}
