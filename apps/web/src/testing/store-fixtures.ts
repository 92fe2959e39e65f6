// Store- and shift-shaped test data as the API sends it.
import type { TShift, TStore } from '@cx/contracts';

let n = 0;

export function storeFixture(overrides: Partial<TStore> = {}): TStore {
  n += 1;
  const _id = overrides._id ?? `64b7f0c2a1b2c3d4e5f6${String(1000 + n).slice(-4)}`;
  return {
    _id,
    name: `Store ${n}`,
    image: null,
    address: '',
    timeZone: 'Europe/London',
    openingHours: [],
    socialLinks: { googleReview: null, facebook: null, instagram: null, tripadvisor: null, website: null },
    interfaces: { interface1: { status: true }, interface2: { status: true }, interface3: { status: true } },
    minRatingIntervalMinutes: 60,
    languages: ['en', 'es'],
    inherited: {},
    area: null,
    code: null,
    tags: [],
    rateUrl: `http://localhost:5173/rate-staff?store=${_id}`,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A shift on Mon 2 Jun 2025, 09:00–17:00 London time (08:00–16:00 UTC), for the given store and person. */
export function shiftFixture(overrides: Partial<TShift> & Pick<TShift, '_id' | 'store' | 'staff'>): TShift {
  return {
    day: '2025-06-02',
    start: '2025-06-02T08:00:00.000Z',
    end: '2025-06-02T16:00:00.000Z',
    startTime: '09:00',
    endTime: '17:00',
    endDay: '2025-06-02',
    durationMinutes: 480,
    ...overrides,
  };
}
