import { chatTab, type ChatTab } from '@cove/contracts';

/** Tabs about what the other person spends: they mean something only to creators. */
const creatorOnly: readonly ChatTab[] = ['fans', 'subscribers', 'vip', 'top'];

/** The tabs a person sees: every one for creators (and signed-out visitors), the rest for fans. */
export function tabsFor(isFan: boolean): ChatTab[] {
  return chatTab.options.filter((t) => !isFan || !creatorOnly.includes(t));
}

/** The tab a `?filter=` names; the inbox for anything else. */
export function parseTab(value: string | null): ChatTab {
  const parsed = chatTab.safeParse(value);
  return parsed.success ? parsed.data : 'all';
}
