import {
  auditApiPaths,
  identityWithheldLabel,
  identityWithheldLabelFr,
  type Paginated,
  type TAuditListItem,
  type TComplaintDetail,
  type TManageComplaintListItem,
} from '@stp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, outboxMessages } from '../../db/schema/index.js';
import { parseCsv } from '../../test/csv-reader.js';
import { createTestContext, type TestClient, type TestContext } from '../../test/harness.js';
import { multipart, roles, signIn, validForm } from './complaints.fixtures.js';

// Issue 34 item 5 (docs/complaint-confidentiality.md): an applicant of Uganda complains about Kenya and
// asks that their identity be withheld; Kenya's regulator and Tanzania's regional reviewer never learn
// who they are, Uganda's council member does, the public never does.

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof signIn>>;
let applicant: Account;
let regulatorKe: Account;
let regionalTz: Account;
let councilUg: Account;
let superuser: Account;
let superuserUg: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  applicant = await signIn(ctx, { ...roles.client(), country: 'UG' });
  regulatorKe = await signIn(ctx, roles.regulator('KE', 'fr'));
  regionalTz = await signIn(ctx, roles.regional());
  councilUg = await signIn(ctx, roles.council());
  superuser = await signIn(ctx, roles.superuser());
  superuserUg = await signIn(ctx, { ...roles.superuser(), country: 'UG' });
});
afterAll(() => ctx.close());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** What would name the applicant: their e-mail and their name. */
const identity = () => [applicant.user.email, `${applicant.user.firstName} ${applicant.user.lastName}`];

async function lodge(withheld: boolean) {
  const brief = `Confidential ${unique()}`;
  const fields = validForm({ brief_description: brief, ...(withheld && { identity_withheld: 'true' }) });
  const response = await applicant.client.request({
    method: 'POST',
    url: '/api/complaints/',
    payload: multipart(fields),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { slug } = response.json<{ slug: string }>();
  const [row] = await ctx.db.select().from(complaints).where(eq(complaints.slug, slug));
  expect(row!.identityWithheld).toBe(withheld);
  return { ...row!, brief };
}

async function get(client: TestClient, url: string) {
  const response = await client.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

function expectNoIdentity(body: string) {
  for (const text of identity()) expect(body).not.toContain(text);
}

describe('a withheld identity, screen by screen', () => {
  it("the detail names the applicant only to a reviewer of the applicant's own country", async () => {
    const row = await lodge(true);
    const url = `/api/manage/complaints/${row.id}/`;
    for (const reviewer of [regulatorKe, regionalTz, superuser]) {
      const response = await get(reviewer.client, url);
      expectNoIdentity(response.body);
      expect(response.json<TComplaintDetail>()).toMatchObject({
        applicant: null,
        sms_phone: null,
        identity_withheld: true,
        applicant_withheld: true,
      });
    }
    for (const reviewer of [councilUg, superuserUg]) {
      const detail = (await get(reviewer.client, url)).json<TComplaintDetail>();
      expect(detail.applicant).toMatchObject({ id: applicant.user.id, email: applicant.user.email });
      expect(detail.applicant_withheld).toBe(false);
    }
    // The applicant's own page says they asked, and is theirs.
    const own = (await get(applicant.client, `/api/complaints/${row.slug}/`)).json<TComplaintDetail>();
    expect(own).toMatchObject({ identity_withheld: true, applicant_withheld: false });
  });

  it('without the request every reviewer sees the applicant (the rule is the request, not the country)', async () => {
    const row = await lodge(false);
    const detail = (
      await get(regulatorKe.client, `/api/manage/complaints/${row.id}/`)
    ).json<TComplaintDetail>();
    expect(detail.applicant?.email).toBe(applicant.user.email);
    expect(detail.applicant_withheld).toBe(false);
  });

  it('the queue and the staff list show no name to another country, the name to the own country', async () => {
    const row = await lodge(true);
    for (const path of ['/api/manage/complaints/queue/', '/api/manage/complaints/']) {
      const url = `${path}?page_size=100&q=${encodeURIComponent(row.brief)}`;
      const response = await get(regulatorKe.client, url);
      expectNoIdentity(response.body);
      const [item] = response.json<Paginated<TManageComplaintListItem>>().results;
      expect(item).toMatchObject({
        reference: row.reference,
        applicant_name: null,
        applicant_withheld: true,
      });
    }
    const list = (
      await get(councilUg.client, `/api/manage/complaints/?q=${encodeURIComponent(row.brief)}`)
    ).json<Paginated<TManageComplaintListItem>>();
    expect(list.results[0]).toMatchObject({ applicant_withheld: false });
    expect(list.results[0]!.applicant_name).toContain(applicant.user.lastName);
  });

  it("the CSV export writes the label in the applicant's column for another country", async () => {
    const row = await lodge(true);
    const query = `?q=${encodeURIComponent(row.brief)}`;
    const csvOf = async (client: TestClient) => {
      const response = await get(client, `/api/manage/complaints/export/${query}`);
      const [header, line] = parseCsv(response.body.replace(/^\ufeff/, ''));
      return { body: response.body, value: line![header!.indexOf('applicant_name')] };
    };
    const foreign = await csvOf(regulatorKe.client);
    expectNoIdentity(foreign.body);
    expect(foreign.value).toBe(identityWithheldLabel);
    expect((await csvOf(councilUg.client)).value).toContain(applicant.user.lastName);
  });

  it("the reviewers' mail says the identity is withheld, in the reviewer's language, and never names them", async () => {
    const row = await lodge(true);
    const mails = await ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.complaintId, row.id), eq(outboxMessages.kind, 'complaint_queued')));
    const toKe = mails.find((mail) => mail.recipient === regulatorKe.user.email);
    expect(toKe, 'the Kenyan regulator is mailed').toBeDefined();
    expect(toKe!.body).toContain(identityWithheldLabelFr);
    for (const mail of mails) {
      expectNoIdentity(`${mail.subject}${mail.body}${mail.html}`);
    }
  });

  it("the audit log does not name the applicant as the actor of their own complaint's rows", async () => {
    const row = await lodge(true);
    const asked = await regulatorKe.client.request({
      method: 'POST',
      url: `/api/manage/complaints/${row.id}/review/`,
      payload: { decision: 'request_info', comments: 'Which office?', version: row.version },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const answered = await applicant.client.request({
      method: 'POST',
      url: `/api/complaints/${row.slug}/respond/`,
      payload: multipart({ message: 'The Nairobi office.' }),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const url = `/api/${auditApiPaths.list.slice(1)}?object_id=${row.id}&model=complaints.complaint`;
    const foreign = await get(superuser.client, url);
    expectNoIdentity(foreign.body);
    const rows = foreign.json<Paginated<TAuditListItem>>().results;
    const respond = rows.find((item) => item.action === 'respond');
    expect(respond).toMatchObject({ actor: null, actor_withheld: true });
    const id = respond!.id;
    expectNoIdentity((await get(superuser.client, `/api/${auditApiPaths.entry(id).slice(1)}`)).body);
    const own = (await get(superuserUg.client, url)).json<Paginated<TAuditListItem>>().results;
    expect(own.find((item) => item.action === 'respond')?.actor?.email).toBe(applicant.user.email);

    // Searching by the applicant's e-mail or account finds the row only for a viewer who may be told it
    // is theirs: otherwise the search alone would tell who complained.
    const email = encodeURIComponent(applicant.user.email);
    for (const filter of [`user=${email}`, `q=${email}`, `actor=${applicant.user.id}`]) {
      const search = `/api/${auditApiPaths.list.slice(1)}?${filter}&model=complaints.complaint&page_size=100`;
      const hidden = (await get(superuser.client, search)).json<Paginated<TAuditListItem>>();
      expect(
        hidden.results.map((item) => item.id),
        filter,
      ).not.toContain(id);
      expect(hidden.count, filter).toBe(hidden.results.length);
      const shown = (await get(superuserUg.client, search)).json<Paginated<TAuditListItem>>();
      expect(
        shown.results.map((item) => item.id),
        filter,
      ).toContain(id);
    }
    // Sorted by actor, the withheld row sorts as a row without an actor (after every named one, ascending).
    const byActor = (await get(superuser.client, `${url}&sort=actor&page_size=100`)).json<
      Paginated<TAuditListItem>
    >().results;
    const firstUnnamed = byActor.findIndex((item) => item.actor === null);
    expect(byActor.slice(firstUnnamed).map((item) => item.id)).toContain(id);
    expect(byActor.slice(firstUnnamed).every((item) => item.actor === null)).toBe(true);
  });
});

describe('the public never learns who complained', () => {
  it('the public list and view hold no name or e-mail of the applicant, withheld or not', async () => {
    for (const withheld of [true, false]) {
      const row = await lodge(withheld);
      const list = await get(ctx.client(), `/api/complaints/public/?page_size=100`);
      expect(list.body).toContain(row.reference);
      expectNoIdentity(list.body);
      expectNoIdentity((await get(ctx.client(), `/api/complaints/public/${row.reference}/`)).body);
    }
  });
});

describe('the applicant changes their request later', () => {
  it('turns it on and off; the Kenyan regulator sees the change at once', async () => {
    const row = await lodge(false);
    const put = (client: TestClient, payload: object) =>
      client.request({ method: 'PUT', url: `/api/complaints/${row.slug}/confidentiality/`, payload });
    const on = await put(applicant.client, { identity_withheld: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<TComplaintDetail>()).toMatchObject({ identity_withheld: true, can_redact: true });
    expectNoIdentity((await get(regulatorKe.client, `/api/manage/complaints/${row.id}/`)).body);
    const off = await put(applicant.client, { identity_withheld: false });
    expect(off.json<TComplaintDetail>().identity_withheld).toBe(false);
    expect((await get(regulatorKe.client, `/api/manage/complaints/${row.id}/`)).body).toContain(
      applicant.user.email,
    );
  });

  it('refuses others and bad bodies, and nothing changes', async () => {
    const row = await lodge(true);
    const url = `/api/complaints/${row.slug}/confidentiality/`;
    const other = await signIn(ctx, { ...roles.client(), country: 'KE' });
    const refusals: [TestClient, object, number][] = [
      [other.client, { identity_withheld: false }, 404],
      [regulatorKe.client, { identity_withheld: false }, 403],
      [ctx.client(), { identity_withheld: false }, 401],
      [applicant.client, { identity_withheld: 'maybe' }, 422],
      [applicant.client, {}, 422],
      [applicant.client, [], 422],
    ];
    for (const [client, payload, status] of refusals) {
      const response = await client.request({ method: 'PUT', url, payload });
      expect(response.statusCode, `${status}: ${response.body}`).toBe(status);
    }
    const [after] = await ctx.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(after!.identityWithheld).toBe(true);
  });
});
