import type { ParsedMail } from 'mailparser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, users } from '../db/schema/index.js';
import { createAccount, findUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { MailCatcher } from '../test/mail-catcher.js';
import { multipart, roles, signIn, validForm } from '../modules/complaints/complaints.fixtures.js';

// Issue 29 item 10: names and other free text that reach mails carry no line breaks and no links.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const injectedName = 'Bob\r\nBcc: victim@evil.example\r\n\r\nVisit http://evil.example/pay';
const linkName = 'Eve <a href="https://evil.example/x">www.evil.example</a> evil.example';
const nameError = 'Enter a name without line breaks, web addresses or e-mail addresses.';

/** The header block of the raw message, as the SMTP server received it. */
const rawHeaders = (mail: ParsedMail) => ctx.mail.source(mail).split(/\r?\n\r?\n/)[0] ?? '';

/** Every address a mail client could turn into a link, in the text and the HTML parts. */
function clickable(mail: ParsedMail): string[] {
  const text = `${mail.text ?? ''}\n${typeof mail.html === 'string' ? mail.html : ''}`;
  const found = text.match(/[a-z][\w+.-]*:\/\/\S+|www\.\S+|[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi) ?? [];
  return found.filter((address) => !address.startsWith('http://portal.test/'));
}

describe('names at input', () => {
  it('registration refuses a name with a line break, a web address or an e-mail address, and sends nothing', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const before = ctx.mail.messages.length;
    for (const [first, last] of [
      [injectedName, 'Otieno'],
      ['Amina', 'see http://evil.example'],
      ['Amina', 'evil.example'],
      ['www.evil.example', 'Otieno'],
      ['Amina', 'amina@evil.example'],
      ['<a href=x>Amina</a>', 'Otieno'],
      ['Amina\u2028Otieno', 'Otieno'],
    ]) {
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/register/client/',
        payload: { first_name: first, last_name: last, email: 'named@example.org', country: 'KE' },
      });
      expect(response.statusCode, `${first} ${last}`).toBe(422);
      expect(Object.values(response.json().errors)).toEqual([nameError]);
    }
    expect(await findUser(ctx.db, 'named@example.org')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.mail.messages.length).toBe(before);
  });

  it('keeps ordinary names: apostrophes, hyphens, initials, accents', async () => {
    const client = ctx.client();
    await client.openHostPage();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/register/client/',
      payload: {
        first_name: "N'Gog J. R.",
        last_name: 'Mwangi-Österberg St. Clair',
        email: 'ordinary@example.org',
        country: 'KE',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('the profile and the users admin refuse such names too', async () => {
    const { client } = await signIn(ctx, roles.client());
    const profile = await client.request({
      method: 'POST',
      url: '/api/profile/update/',
      payload: { display_name: 'Go to evil.example now' },
    });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors).toEqual({ display_name: nameError });

    const admin = await ctx.signedIn([], { superuser: true });
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/users/',
      payload: { email: 'staff.named@example.org', first_name: 'Neema\nBcc: x@y.z', last_name: 'Otieno' },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ first_name: nameError });
  });
});

describe('user text in mails', () => {
  it('a stored name with a line break and links reaches the reset mail on one line, with no link and no header', async () => {
    const account = await createAccount(ctx.db, { email: 'legacy.name@example.org' });
    // Written before the input rule: the mail must hold up on its own.
    await ctx.db.update(users).set({ firstName: injectedName }).where(eq(users.id, account.id));
    const client = ctx.client();
    await client.openHostPage();
    const ask = await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: account.email },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await ctx.mail.waitFor(account.email);

    expect(rawHeaders(mail)).not.toMatch(/^bcc:/im);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    const greeting = (mail.text ?? '').split('\n')[0];
    expect(greeting).toMatch(
      /^Hello Bob Bcc: victim@evil\[\.\]example Visit http\[:\]\/\/evil\[\.\]example\/pay,$/,
    );
    expect((mail.text ?? '').split('\n').filter((line) => /bcc/i.test(line))).toEqual([greeting]);
    expect(clickable(mail)).toEqual([]);
    // The portal's own link is still there, once, and still works.
    expect(MailCatcher.link(mail, '/auth/register/reset?token=')).toMatch(/^http:\/\/portal\.test\//);
    expect(mail.html).toContain(
      '<p>Hello Bob Bcc: victim@evil[.]example Visit http[:]//evil[.]example/pay,</p>',
    );
  });

  it('an HTML link in a name is shown as text, defanged, in both parts', async () => {
    const account = await createAccount(ctx.db, { email: 'html.name@example.org' });
    await ctx.db.update(users).set({ firstName: linkName }).where(eq(users.id, account.id));
    const client = ctx.client();
    await client.openHostPage();
    await client.request({
      method: 'POST',
      url: '/api/auth/register/reset/',
      payload: { email: account.email },
    });
    const mail = await ctx.mail.waitFor(account.email);
    expect(clickable(mail)).toEqual([]);
    expect(mail.html).not.toContain('<a href="https://evil');
    expect((mail.html as string).match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain(
      'Eve &lt;a href=&quot;https[:]//evil[.]example/x&quot;&gt;www[.]evil[.]example&lt;/a&gt;',
    );
  });

  it('a brief description reaches the reviewers without links; one with a line break is refused', async () => {
    const applicant = await signIn(ctx, roles.client());
    const reviewer = await signIn(ctx, roles.regulator('KE'));
    const refused = await applicant.client.request({
      method: 'POST',
      url: '/api/complaints/',
      payload: multipart(validForm({ brief_description: 'Licence refused\nBcc: x@evil.example' })),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      brief_description: 'Keep the brief description to one line, without web addresses.',
    });
    const withLink = await applicant.client.request({
      method: 'POST',
      url: '/api/complaints/',
      payload: multipart(validForm({ brief_description: 'Licence refused, see http://evil.example' })),
    });
    expect(withLink.statusCode).toBe(422);

    const accepted = await applicant.client.request({
      method: 'POST',
      url: '/api/complaints/',
      payload: multipart(validForm({ brief_description: 'Licence refused, pay at evil.example' })),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const mail = await ctx.mail.waitFor(reviewer.user.email);
    expect(mail.text).toContain('Licence refused, pay at evil[.]example');
    expect(clickable(mail)).toEqual([]);
  });

  it("a reviewer's comments reach the applicant on one line and without links", async () => {
    const applicant = await signIn(ctx, roles.client());
    const reviewer = await signIn(ctx, roles.regulator('UG'));
    const lodged = await applicant.client.request({
      method: 'POST',
      url: '/api/complaints/',
      payload: multipart(validForm({ country_code: 'UG' })),
    });
    expect(lodged.statusCode, lodged.body).toBe(201);
    const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, lodged.json().slug));
    await ctx.mail.waitFor(applicant.user.email);
    const before = ctx.mail.messages.length;
    const review = await reviewer.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row!.id}/review/`,
      payload: {
        decision: 'request_info',
        comments:
          'Send the licence.\r\n\r\nUpload it at https://evil.example/upload or mail it to a@evil.example',
        version: row!.version,
      },
    });
    expect(review.statusCode, review.body).toBe(200);
    let mail: ParsedMail | undefined;
    const deadline = Date.now() + 5_000;
    while (!mail && Date.now() < deadline) {
      mail = ctx.mail.messages
        .slice(before)
        .find((message) => JSON.stringify(message.to).includes(applicant.user.email));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail?.text).toContain(
      'Send the licence. Upload it at https[:]//evil[.]example/upload or mail it to a@evil[.]example\n',
    );
    expect(clickable(mail!)).toEqual([]);
  });
});
