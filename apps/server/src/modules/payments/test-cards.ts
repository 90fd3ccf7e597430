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

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(number: string): boolean {
  if (!/^[0-9]{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function hasExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
