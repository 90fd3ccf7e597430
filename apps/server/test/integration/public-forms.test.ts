import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  demoBookings,
  leads,
  newsletterSubscriptions,
  outgoingMail,
  supportTicketMessages,
  supportTickets,
} from '../../src/db/schema.ts';
import { Client, createTestApp, lastMailTo, type TestApp } from '../support/test-app.ts';

/** The next weekday at least two days ahead, as YYYY-MM-DD (UTC). */
function bookableDate() {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const contact = {
  name: 'Jo Smith',
  email: 'Jo@Corp.eu',
  company: 'Corp',
  topic: 'general',
  message: 'Do you offer clusters in Frankfurt?',
};

describe('public forms', () => {
  let t: TestApp;
  let visitor: Client;
  beforeEach(async () => {
    t = await createTestApp();
    visitor = new Client(t.app, { remoteAddress: '203.0.113.7' });
  });
  afterEach(() => t.close());

  const count = async (table: typeof leads | typeof supportTickets | typeof outgoingMail) =>
    (await t.app.services.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it('stores a contact request and mails a confirmation', async () => {
    const response = await visitor.post('/api/leads/contact', contact);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/received your request/);
    const [lead] = await t.app.services.db.select().from(leads);
    expect(lead).toMatchObject({
      kind: 'contact',
      email: 'jo@corp.eu',
      company: 'Corp',
      details: { topic: 'general', message: contact.message },
    });
    const { mail } = await lastMailTo(t.app, 'jo@corp.eu');
    expect(mail.subject).toBe('We received your message');
    expect(mail.text).toContain(`Reference: L-${lead!.id}`);
  });

  it('refuses invalid input with 400 and stores nothing', async () => {
    for (const body of [
      { ...contact, email: 'nope' },
      { ...contact, message: 'short' },
      { ...contact, topic: 'spam' },
      { ...contact, extra: 'field' },
    ]) {
      const response = await visitor.post('/api/leads/contact', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect(await count(leads)).toBe(0);
    expect(await count(outgoingMail)).toBe(0);
  });

  it('answers a filled honeypot like a success and keeps nothing', async () => {
    const response = await visitor.post('/api/leads/contact', {
      ...contact,
      website: 'http://spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(await count(leads)).toBe(0);
    expect(await count(outgoingMail)).toBe(0);
  });

  it('limits a network to 10 submissions in 15 minutes', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await visitor.post('/api/leads/contact', {
        ...contact,
        email: `jo${i}@corp.eu`,
      });
      expect(response.statusCode).toBe(201);
    }
    const blocked = await visitor.post('/api/leads/contact', contact);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many submissions/);
    expect(await count(leads)).toBe(10);
    const elsewhere = new Client(t.app, { remoteAddress: '198.51.100.9' });
    expect((await elsewhere.post('/api/leads/contact', contact)).statusCode).toBe(201);
  });

  it('books a demo slot once: the slot is then shown taken and a second booking is a 409', async () => {
    const date = bookableDate();
    const demo = {
      name: 'Jo Smith',
      email: 'jo@corp.eu',
      company: 'Corp',
      companySize: '11-50',
      date,
      time: '10:00',
    };
    expect((await visitor.post('/api/leads/demo', demo)).statusCode).toBe(201);
    const slots = (await visitor.get(`/api/leads/demo-slots?date=${date}`)).json();
    expect(slots.slots.find((s: { time: string }) => s.time === '10:00')).toEqual({
      time: '10:00',
      available: false,
    });
    expect(slots.slots.find((s: { time: string }) => s.time === '10:30')).toEqual({
      time: '10:30',
      available: true,
    });
    const again = await visitor.post('/api/leads/demo', { ...demo, email: 'other@corp.eu' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/just booked/);
    expect(await t.app.services.db.select().from(demoBookings)).toHaveLength(1);
    expect(await count(leads)).toBe(1);
    const { mail } = await lastMailTo(t.app, 'jo@corp.eu');
    expect(mail.text).toContain(`${date} at 10:00`);
  });

  it('refuses a demo on a weekend or in the past', async () => {
    const response = await visitor.post('/api/leads/demo', {
      name: 'Jo Smith',
      email: 'jo@corp.eu',
      company: 'Corp',
      companySize: '11-50',
      date: '2020-01-06',
      time: '10:00',
    });
    expect(response.statusCode).toBe(400);
    expect(await count(leads)).toBe(0);
  });

  it('subscribes to the newsletter only after the mailed confirmation, and unsubscribes by link', async () => {
    expect(
      (await visitor.post('/api/newsletter/subscribe', { email: 'reader@corp.eu', consent: true }))
        .statusCode,
    ).toBe(201);
    const [pending] = await t.app.services.db.select().from(newsletterSubscriptions);
    expect(pending!.status).toBe('pending');
    const { mail } = await lastMailTo(t.app, 'reader@corp.eu');
    const confirm = new URL(mail.links[0]!).searchParams.get('confirm')!;
    const unsubscribe = new URL(mail.links[1]!).searchParams.get('unsubscribe')!;
    expect((await visitor.post('/api/newsletter/confirm', { token: confirm })).statusCode).toBe(
      200,
    );
    expect((await visitor.post('/api/newsletter/confirm', { token: confirm })).statusCode).toBe(
      400,
    );
    const [confirmed] = await t.app.services.db.select().from(newsletterSubscriptions);
    expect(confirmed!.status).toBe('confirmed');
    expect(
      (await visitor.post('/api/newsletter/unsubscribe', { token: unsubscribe })).statusCode,
    ).toBe(200);
    const [gone] = await t.app.services.db.select().from(newsletterSubscriptions);
    expect(gone!.status).toBe('unsubscribed');
    expect(
      (await visitor.post('/api/newsletter/subscribe', { email: 'reader@corp.eu', consent: false }))
        .statusCode,
    ).toBe(400);
  });

  it('opens a ticket without an account, mails its tracking code, and lets code + e-mail read and reply', async () => {
    const opened = await visitor.post('/api/public/tickets', {
      email: 'ops@corp.eu',
      name: 'Ops',
      category: 'technical',
      severity: 'high',
      subject: 'Nodes not ready',
      message: 'Two nodes report NotReady since 09:00 in eu-west.',
    });
    expect(opened.statusCode).toBe(201);
    const { number, trackingCode } = opened.json();
    expect(number).toMatch(/^T-1\d{5}$/);
    expect(trackingCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const { mail, link } = await lastMailTo(t.app, 'ops@corp.eu');
    expect(mail.text).toContain(trackingCode);
    // The address is not proven: neither the subject nor the name the sender typed is mailed.
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Nodes not ready|Ops\b/);
    expect(link).toContain(`/track-ticket?code=${trackingCode}`);

    const shown = await visitor.post('/api/public/tickets/lookup', {
      code: trackingCode.toLowerCase(),
      email: 'OPS@corp.eu',
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      number,
      subject: 'Nodes not ready',
      status: 'open',
      messages: [{ author: 'customer', authorName: 'Ops' }],
    });

    const replied = await visitor.post('/api/public/tickets/reply', {
      code: trackingCode,
      email: 'ops@corp.eu',
      message: 'Node 3 too now.',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Two nodes report NotReady since 09:00 in eu-west.',
      'Node 3 too now.',
    ]);
  });

  it('limits the mails one address receives from every form, whoever sends them', async () => {
    const fromNetwork = (n: number) => new Client(t.app, { remoteAddress: `198.51.100.${n}` });
    const forms: [string, object][] = [
      ['/api/newsletter/subscribe', { email: 'victim@corp.eu', consent: true }],
      [
        '/api/public/tickets',
        {
          email: 'victim@corp.eu',
          category: 'technical',
          severity: 'low',
          subject: 'Buy cheap watches',
          message: 'Buy cheap watches at spam.example',
        },
      ],
      ['/api/leads/contact', { ...contact, email: 'victim@corp.eu' }],
    ];
    for (let n = 0; n < 5; n++) {
      const [url, body] = forms[n % forms.length]!;
      expect((await fromNetwork(n).post(url, body)).statusCode, `${url} #${n}`).toBe(201);
    }
    const mails = await count(outgoingMail);
    for (const [url, body] of forms) {
      const blocked = await fromNetwork(50).post(url, body);
      expect(blocked.statusCode, url).toBe(429);
      expect(blocked.json()).toEqual({ message: expect.stringMatching(/this address/) });
    }
    expect(await count(outgoingMail)).toBe(mails);
    // Nothing but the mail is refused: the ticket was not opened either.
    expect(await count(supportTickets)).toBe(2);
    expect(
      (
        await fromNetwork(51).post('/api/newsletter/subscribe', {
          email: 'someone-else@corp.eu',
          consent: true,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('shows nothing for a wrong code or e-mail, and limits wrong guesses', async () => {
    const { trackingCode } = (
      await visitor.post('/api/public/tickets', {
        email: 'ops@corp.eu',
        category: 'billing',
        severity: 'low',
        subject: 'Invoice',
        message: 'The October invoice lists a cluster twice.',
      })
    ).json();
    const wrongMail = await visitor.post('/api/public/tickets/lookup', {
      code: trackingCode,
      email: 'intruder@evil.example',
    });
    expect(wrongMail.statusCode).toBe(404);
    expect(wrongMail.body).not.toContain('Invoice');
    const guesser = new Client(t.app, { remoteAddress: '192.0.2.66' });
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await guesser.post('/api/public/tickets/lookup', {
            code: 'AAAA-AAAA',
            email: 'ops@corp.eu',
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (
        await guesser.post('/api/public/tickets/lookup', {
          code: trackingCode,
          email: 'ops@corp.eu',
        })
      ).statusCode,
    ).toBe(429);
    const reply = await visitor.post('/api/public/tickets/reply', {
      code: 'BBBB-BBBB',
      email: 'ops@corp.eu',
      message: 'hello there',
    });
    expect(reply.statusCode).toBe(404);
    expect(await t.app.services.db.select().from(supportTicketMessages)).toHaveLength(1);
  });

  it('refuses a reply to a closed ticket', async () => {
    const { trackingCode } = (
      await visitor.post('/api/public/tickets', {
        email: 'ops@corp.eu',
        category: 'sales',
        severity: 'normal',
        subject: 'Pricing',
        message: 'Do you have volume discounts for 200 nodes?',
      })
    ).json();
    await t.app.services.db
      .update(supportTickets)
      .set({ status: 'closed' })
      .where(eq(supportTickets.trackingCode, trackingCode));
    const reply = await visitor.post('/api/public/tickets/reply', {
      code: trackingCode,
      email: 'ops@corp.eu',
      message: 'Any news?',
    });
    expect(reply.statusCode).toBe(409);
  });
});
