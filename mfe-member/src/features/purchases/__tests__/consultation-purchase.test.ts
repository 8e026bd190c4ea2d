/** When a dashboard tells the account how to get the consultation it bought. */
import { describe, expect, it } from '@jest/globals';
import { showsConsultationPurchase } from '../lib/consultation-purchase';

describe('the consultation bought', () => {
  it('is shown to its buyer until the consultation is sent', () => {
    const bought = ['restaurant-management-course', 'restaurant-consultation'];
    const buyer = { consultationStatus: 'not_started' };
    expect(showsConsultationPurchase(buyer, bought)).toBe(true);
    expect(showsConsultationPurchase({ consultationStatus: null }, bought)).toBe(true);
    expect(showsConsultationPurchase(buyer, ['restaurant-management-course'])).toBe(false);
    expect(showsConsultationPurchase(buyer, undefined)).toBe(false);
    for (const consultationStatus of ['in_progress', 'submitted', 'approved']) {
      expect(showsConsultationPurchase({ consultationStatus }, bought)).toBe(false);
    }
    expect(showsConsultationPurchase(null, bought)).toBe(false);
  });
});
