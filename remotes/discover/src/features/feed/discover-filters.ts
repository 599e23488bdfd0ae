import type { QueryValue } from '@cove/contracts';

export type Gender = 'male' | 'female' | 'other';
export type DiscoverTab = 'featured' | 'everyone' | 'nearby';

export interface DiscoverFilters {
  tab: DiscoverTab;
  query: string;
  genders: Record<Gender, boolean>;
}

export const discoverTabs: { id: DiscoverTab; label: string }[] = [
  { id: 'featured', label: 'Featured' },
  { id: 'everyone', label: 'Everyone' },
  { id: 'nearby', label: 'Nearby' },
];

export const genderLabels: Record<Gender, string> = { female: 'Women', male: 'Men', other: 'Trans' };

/** Gender choices persist in this browser. */
export const genderStorageKey = 'discover-gender';
export const allGenders: Record<Gender, boolean> = { male: true, female: true, other: true };

export function loadGenders(storage: Storage = window.localStorage): Record<Gender, boolean> {
  try {
    const saved = JSON.parse(storage.getItem(genderStorageKey) ?? 'null') as Partial<
      Record<Gender, unknown>
    > | null;
    if (!saved) return allGenders;
    return {
      male: saved.male !== false,
      female: saved.female !== false,
      other: saved.other !== false,
    };
  } catch {
    return allGenders;
  }
}

export function saveGenders(genders: Record<Gender, boolean>, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(genderStorageKey, JSON.stringify(genders));
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
}

/**
 * The discover call's query: featured defaults to true, nearby is sent as type=near, and "other" is
 * sent as trans.
 */
export function discoverQuery(f: DiscoverFilters, offset = 0): Record<string, QueryValue> {
  const genders = (Object.keys(f.genders) as Gender[])
    .filter((g) => f.genders[g])
    .map((g) => (g === 'other' ? 'trans' : g));
  return {
    offset,
    limit: 20,
    featured: f.tab === 'featured',
    q: f.query.trim() || undefined,
    type: f.tab === 'nearby' ? 'near' : undefined,
    gender: genders.length === 3 ? undefined : genders.join(','),
  };
}
