import type { LegalDocument } from './legal-types';

export const privacyPolicy: LegalDocument = {
  updated: '1 March 2025',
  intro:
    'This policy explains what personal data Alpenkube processes about visitors, customers and their users when we act as controller, why, for how long, and how to exercise your rights. For personal data you process inside your clusters, you are the controller and we are your processor under the data processing agreement in our terms.',
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
        'Newsletter: your e-mail address and the date and IP of your double opt-in confirmation.',
        'Browser storage: your display currency, billing cycle, theme and an exchange-rate cache are kept in your browser’s local storage, not sent to us. We use no advertising or tracking cookies.',
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
        'All personal data covered by this policy is stored and processed in data centres in the European Union. Our sub-processors for this data are EU companies processing in the EU; their list is available on request and we announce any change 30 days in advance. We do not transfer this data outside the EU/EEA.',
      ],
    },
    {
      id: 'retention',
      title: '5. How long we keep it',
      paragraphs: [],
      list: [
        'Account data: while the account exists, then 30 days.',
        'Audit log: 1 year, or longer when a customer’s legal hold requires it.',
        'Invoices and accounting records: 10 years, as EU accounting law requires.',
        'Leads from forms with no follow-up: 3 years after the last contact.',
        'Support tickets: 3 years after they are closed.',
        'Job applications: 6 months after the hiring process ends.',
        'Unconfirmed newsletter sign-ups: 7 days.',
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
        'Data is encrypted in transit (TLS) and at rest. Access by our staff is limited to what their role requires, protected by two-factor authentication and recorded. We notify affected customers of a personal-data breach without undue delay, and the authority within 72 hours where required.',
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
