import type { LegalDocument } from './legal-types';

export const privacyPolicy: LegalDocument = {
  updated: '28 November 2026',
  intro:
    'This policy explains what personal data Alpenkube processes about visitors, customers and their users when we act as controller, why, for how long, and how to exercise your rights. For personal data you process inside your clusters, you are the controller and we act as your processor; this policy does not cover that data.',
  sections: [
    {
      id: 'controller',
      title: '1. Who is responsible',
      paragraphs: [
        'The controller is Alpenkube SAS, France. Our data protection officer can be reached at dpo@alpenkube.eu for any question about this policy or your data.',
      ],
    },
    {
      id: 'data',
      title: '2. What we collect',
      paragraphs: ['We collect only what we need to provide and bill the service:'],
      list: [
        'Account data: name, username, e-mail address, company name, role, password hash (argon2id, never the password itself), two-factor settings.',
        'Session and security data: session identifiers stored hashed, IP address, browser user agent, sign-in times, and the audit log of actions on the platform.',
        'Billing data: Billing ID, invoices, orders, and for cards only the brand, last four digits and expiry; the card number is handled by our payment provider.',
        'Requests you send us: contact, demo, sales, quote and migration forms, support tickets and their messages, job applications.',
        'Newsletter: your e-mail address, the date you signed up and the date of your double opt-in confirmation.',
        'Browser storage: your display currency, billing cycle, theme, the sidebar’s state and an exchange-rate cache are kept in your browser’s local storage, and a cluster configuration in progress, the page to return to after signing in and the banners you dismissed in its session storage; none of it is sent to us. Our only cookie is the session cookie that keeps you signed in; we use no advertising or tracking cookies.',
      ],
    },
    {
      id: 'purposes',
      title: '3. Why, and on which legal basis',
      paragraphs: [],
      list: [
        'Providing the service and billing it: performance of the contract (GDPR art. 6(1)(b)).',
        'Security, fraud prevention and the audit log: our legitimate interest in protecting the platform and our customers (art. 6(1)(f)).',
        'Keeping invoices and accounting records: legal obligation (art. 6(1)(c)).',
        'Answering forms and tickets: pre-contractual steps at your request or our legitimate interest in answering you.',
        'The newsletter: your consent (art. 6(1)(a)), which you can withdraw with the link in every issue.',
      ],
    },
    {
      id: 'location',
      title: '4. Where your data is processed',
      paragraphs: [
        'We run the platform, its database and its file store in data centres in the European Union. Card numbers go to our payment provider and never reach us. The list of our sub-processors for this data is available on request from dpo@alpenkube.eu.',
      ],
    },
    {
      id: 'retention',
      title: '5. How long we keep it',
      paragraphs: [
        'The platform does not yet delete data on a schedule: what it holds is kept until it is erased on request, as follows.',
      ],
      list: [
        'Account data: while the account exists. An erasure, by your organization’s compliance officer or by us at your request, replaces your name, username and e-mail address with a pseudonym everywhere, deletes what served only you and ends your sessions.',
        'Audit log: kept, and never changed or deleted. It holds identifiers rather than names or e-mail addresses, so after an erasure it points at the pseudonym.',
        'Invoices and accounting records: at least 10 years, as EU accounting law requires; an erasure leaves them valid under the pseudonym.',
        'Forms, support tickets, job applications and newsletter sign-ups: until you ask us to delete them.',
      ],
    },
    {
      id: 'rights',
      title: '6. Your rights',
      paragraphs: [
        'You may ask for access to your data, its correction, its erasure, the restriction of its processing or a copy in a portable format, and you may object to processing based on our legitimate interest. Write to dpo@alpenkube.eu; we answer within one month. Customers’ compliance officers can also export or erase a user’s data from the Officers Panel.',
        'You may lodge a complaint with your data protection authority; in France, the CNIL.',
      ],
    },
    {
      id: 'security',
      title: '7. Security',
      paragraphs: [
        'Data travels encrypted (TLS). Passwords are stored only as argon2id hashes, session and API tokens only as hashes, and two-factor secrets and cluster credentials sealed with the server’s key. Access by our staff is limited to what their role requires, needs their own two-factor authentication and is recorded in the audit log. We notify affected customers of a personal-data breach without undue delay, and the authority within 72 hours where required.',
      ],
    },
    {
      id: 'changes',
      title: '8. Changes',
      paragraphs: [
        'We announce material changes to this policy by e-mail to customers 30 days before they apply. The date at the top shows the latest version.',
      ],
    },
  ],
};
