/**
 * The test gateway's card numbers and how each behaves when charged, like a processor's test
 * mode: any other number is refused, so a real card never reaches this code's tables.
 */
export type TestCardBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'challenge';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: TestCardBehaviour;
  /** What the UI lists beside the number. */
  description: string;
}

export const DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';
export const EXPIRED_MESSAGE = 'Your card has expired.';
export const CHALLENGE_FAILED_MESSAGE = "The card's authentication failed.";

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'Visa',
    behaviour: 'succeed',
    description: 'Succeeds',
  },
  {
    number: '5555555555554444',
    brand: 'Mastercard',
    behaviour: 'succeed',
    description: 'Succeeds',
  },
  {
    number: '378282246310005',
    brand: 'American Express',
    behaviour: 'succeed',
    description: 'Succeeds (4-digit security code)',
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    behaviour: 'decline',
    description: `Declined: "${DECLINED_MESSAGE}"`,
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    behaviour: 'insufficient_funds',
    description: `Declined: "${INSUFFICIENT_FUNDS_MESSAGE}"`,
  },
  {
    number: '4000002760003184',
    brand: 'Visa',
    behaviour: 'challenge',
    description: "Asks for authentication on the gateway's page, where you complete or fail it",
  },
];

const byNumber = new Map(TEST_CARDS.map((card) => [card.number, card]));

export const findTestCard = (number: string): TestCard | undefined => byNumber.get(number);
