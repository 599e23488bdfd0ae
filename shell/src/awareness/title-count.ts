const countPrefix = /^\(\d+\+?\) /;

/** The title with the count in front ("(3) Chats · Cove"), or without one at 0. */
export function countedTitle(title: string, count: number): string {
  const base = title.replace(countPrefix, '');
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base;
}

/**
 * Keeps `count` in front of the page's title while screens set their own titles: each change of the
 * `<title>` gets the count again. Returns the setter for new counts and the stop.
 */
export function keepCountInTitle(doc: Document = document) {
  let count = 0;
  const apply = () => {
    const next = countedTitle(doc.title, count);
    if (doc.title !== next) doc.title = next;
  };
  // Screens replace the title element's text; the head is watched too, for a title element added later.
  const observer = new MutationObserver(apply);
  observer.observe(doc.head, { subtree: true, childList: true, characterData: true });
  return {
    set(next: number) {
      count = next;
      apply();
    },
    stop() {
      observer.disconnect();
      doc.title = countedTitle(doc.title, 0);
    },
  };
}
