/**
 * The carriers' commission schedule (issue 25 §3; docs/decisions/037-commission-reconciliation.md): what a carrier
 * pays per policy per monthly statement period for one of its products (a carrier product). A policy pays
 * `initialCents` in its first paying period (the period after its effective month: the statements' rule in
 * commission-statements/seed.ts) and `renewalCents` in every later one, while it is active. Whole cents.
 *
 * Seeded deterministically from the carrier product (no PRNG): a base per product, a step per carrier, so the carriers
 * of one product pay a little differently and the schedule never depends on the seed day.
 */
import { SEED_CARRIER_PRODUCTS } from "../contracting/seed.ts";

export interface ScheduleRow {
  carrierProductId: number;
  initialCents: number;
  renewalCents: number;
}

/** Per product: [initial, renewal] in cents (Medicare Advantage, Medicare Supplement, PDP, dental/vision/hearing). */
const PRODUCT_BASE: Readonly<Record<number, readonly [number, number]>> = {
  1: [45000, 3200],
  2: [30000, 2500],
  3: [8000, 650],
  4: [6000, 500],
};

/** The seed's schedule: one row per carrier product. */
export function seedSchedule(): ScheduleRow[] {
  return SEED_CARRIER_PRODUCTS.map((cp) => {
    const [initial, renewal] = PRODUCT_BASE[cp.productId] ?? [10000, 1000];
    const step = cp.carrierId % 4;
    return { carrierProductId: cp.id, initialCents: initial + step * 1250, renewalCents: renewal + step * 75 };
  });
}

/** The seed's schedule by carrier product id. */
export function seedScheduleByCarrierProduct(): Map<number, ScheduleRow> {
  return new Map(seedSchedule().map((row) => [row.carrierProductId, row]));
}
