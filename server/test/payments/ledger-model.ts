import { CREATOR_SHARE } from '../../src/messages/charges';
import { FIRST_PURCHASE_BONUS } from '../../src/payments/packages';
import type { Party } from '../helpers/chats';

// What each fan, creator and the platform should hold, by docs/rules.md: the ledger's random walk
// (ledger-walk.ts) moves these along with every operation and checks the server against them.

export interface FanModel {
  party: Party;
  credits: number;
  debt: number;
  /** A payment of theirs was ever credited: no more first-purchase bonus. */
  paidOnce: boolean;
  chats: Map<string, string>;
}
export interface CreatorModel {
  party: Party;
  rate: number;
  earnings: number;
}
export interface PaidMessage {
  id: string;
  fan: FanModel;
  creator: CreatorModel;
  price: number;
  bought: boolean;
  /** Bought once and taken back by a chargeback; buying it again is tested on its own. */
  revoked: boolean;
}
export interface PaymentModel {
  id: string;
  fan: FanModel;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded' | 'charged_back';
  amount: number;
  packageBonus: number;
  /** Credits given and the part of them that repaid a debt, once credited. */
  credits: number;
  repaid: number;
  unlocked: PaidMessage | null;
  kind: 'credits' | 'message' | 'tip';
  message?: PaidMessage;
  tip?: { creator: CreatorModel; amount: number };
}

/** Everyone the walk moves credits between, every paid message and payment, and the platform's revenue. */
export interface LedgerModel {
  fans: FanModel[];
  creators: CreatorModel[];
  messages: PaidMessage[];
  paymentsMade: PaymentModel[];
  platformRevenue: number;
}

export const emptyLedgerModel = (): LedgerModel => ({
  fans: [],
  creators: [],
  messages: [],
  paymentsMade: [],
  platformRevenue: 0,
});

const share = (price: number) => Math.floor(price * CREATOR_SHARE);

export function spend(model: LedgerModel, fan: FanModel, creator: CreatorModel, amount: number) {
  fan.credits -= amount;
  creator.earnings += share(amount);
  model.platformRevenue += amount - share(amount);
}

/** docs/rules.md: the package, its bonus and the first-purchase bonus; a debt is repaid first. */
export function credit(p: PaymentModel) {
  const bonus = p.packageBonus + (p.fan.paidOnce ? 0 : FIRST_PURCHASE_BONUS);
  p.credits = p.amount + bonus;
  p.repaid = Math.min(p.credits, -p.fan.debt);
  p.fan.debt += p.repaid;
  p.fan.credits += p.credits - p.repaid;
  p.fan.paidOnce = true;
  p.status = 'succeeded';
}

/** A refund or chargeback: the credits still held go back, the spent part becomes debt. */
export function reverse(model: LedgerModel, p: PaymentModel, kind: 'refunded' | 'charged_back') {
  if (kind === 'charged_back' && p.unlocked) {
    const m = p.unlocked;
    p.fan.credits += m.price;
    m.creator.earnings -= share(m.price);
    model.platformRevenue -= m.price - share(m.price);
    m.bought = false;
    m.revoked = true;
  }
  const part = p.credits - p.repaid;
  const takenBack = Math.min(p.fan.credits, part);
  p.fan.credits -= takenBack;
  p.fan.debt -= part - takenBack + p.repaid;
  p.status = kind;
}

/** What the payment was for, right after its credits: done when the fan can afford it, else failed. */
export function finishAction(model: LedgerModel, p: PaymentModel): 'none' | 'done' | 'failed' {
  if (p.kind === 'message' && p.message) {
    const m = p.message;
    // Bought meanwhile (another payment for it, or a buy): done, with nothing more to unlock.
    if (m.bought) return 'done';
    if (p.fan.credits < m.price) return 'failed';
    spend(model, p.fan, m.creator, m.price);
    m.bought = true;
    p.unlocked = m;
    return 'done';
  }
  if (p.kind === 'tip' && p.tip) {
    if (p.fan.credits < p.tip.amount) return 'failed';
    spend(model, p.fan, p.tip.creator, p.tip.amount);
    return 'done';
  }
  return 'none';
}
