import { InfiniteQueryObserver, type InfiniteData } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fakeHost } from '../testing/fake-host';
import { createQueryClient } from './query-root';
import { pagedItems, pagedListOptions, updatePagedItems, type Paged } from './paged-list';

const item = z.object({ _id: z.string(), name: z.optional(z.string()) });
type Item = z.infer<typeof item>;
const page = z.object({ data: z.array(item), next: z.nullable(z.string()) });
const items = (...ids: string[]) => ids.map((_id) => ({ _id }));
const ids = (list: Item[]) => list.map((i) => i._id);

/** A server list of five items, two a page, whose `next` is set even on the empty page after the last. */
function serverList(all: Item[]) {
  return fakeHost({
    respond: ({ path, query }) => {
      if (path !== '/v1/items') return undefined;
      const offset = Number(query.offset ?? 0);
      return { data: all.slice(offset, offset + 2), next: `/v1/items?offset=${offset + 2}` };
    },
  });
}

function observe(fake: ReturnType<typeof fakeHost>) {
  const client = createQueryClient();
  const options = pagedListOptions<Item>({
    queryKey: ['items'],
    fetchPage: (url, signal) => fake.host.api.get(url ?? '/v1/items', { schema: page, signal }),
    itemKey: (i) => i._id,
  });
  const observer = new InfiniteQueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, observer, unsubscribe };
}

describe('paged lists', () => {
  it('follow the server’s next link, append each page, and stop at an empty page', async () => {
    const fake = serverList(items('a', 'b', 'c', 'd'));
    const { observer, unsubscribe } = observe(fake);
    let result = await observer.refetch();
    expect(ids(pagedItems(result.data, (i) => i._id))).toEqual(['a', 'b']);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);

    result = await observer.fetchNextPage();
    result = await observer.fetchNextPage();
    expect(ids(pagedItems(result.data, (i) => i._id))).toEqual(['a', 'b', 'c', 'd']);
    // The server still named a next page, but the last one came back empty.
    await observer.fetchNextPage();
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(fake.calls.map((c) => c.query.offset ?? '0')).toEqual(['0', '2', '4']);
    unsubscribe();
  });

  it('replace what was shown when the list is read again from its first page', async () => {
    const all = items('a', 'b', 'c');
    const fake = serverList(all);
    const { observer, unsubscribe } = observe(fake);
    await observer.refetch();
    all.unshift({ _id: 'new' });
    const result = await observer.refetch();
    expect(ids(pagedItems(result.data, (i) => i._id))).toEqual(['new', 'a']);
    unsubscribe();
  });

  it('show an item that moved between pages once', () => {
    const data: InfiniteData<Paged<Item>> = {
      pages: [
        { data: items('a', 'b'), next: '/2' },
        { data: items('b', 'c'), next: null },
      ],
      pageParams: [null, '/2'],
    };
    expect(ids(pagedItems(data, (i) => i._id))).toEqual(['a', 'b', 'c']);
  });

  it('take realtime changes into every cached copy, keeping page sizes and next links', () => {
    const client = createQueryClient();
    const data: InfiniteData<Paged<Item>> = {
      pages: [
        { data: items('a', 'b'), next: '/2' },
        { data: items('c', 'd'), next: '/4' },
      ],
      pageParams: [null, '/2'],
    };
    client.setQueryData(['items', 'all'], data);
    client.setQueryData(['items', 'other'], {
      pages: [{ data: items('x'), next: null }],
      pageParams: [null],
    });

    updatePagedItems<Item>(client, ['items'], (list) => {
      const moved = list.find((i) => i._id === 'd');
      return moved ? [moved, ...list.filter((i) => i !== moved)] : [{ _id: 'n' }, ...list];
    });
    const all = client.getQueryData<InfiniteData<Paged<Item>>>(['items', 'all']);
    expect(all?.pages.map((p) => [ids(p.data), p.next])).toEqual([
      [['d', 'a'], '/2'],
      [['b', 'c'], '/4'],
    ]);
    const other = client.getQueryData<InfiniteData<Paged<Item>>>(['items', 'other']);
    expect(other?.pages.map((p) => ids(p.data))).toEqual([['n', 'x']]);
  });

  it('keep the object of an item that moved or was read again unchanged, and take a changed one', async () => {
    const all: Item[] = items('a', 'b', 'c');
    const fake = serverList(all);
    const { client, observer, unsubscribe } = observe(fake);
    const first = pagedItems((await observer.refetch()).data, (i) => i._id);

    // A realtime change moves "b" to the top: "a" moves down a place and is still the same object.
    updatePagedItems<Item>(client, ['items'], (list) => [{ _id: 'b' }, ...list.filter((i) => i._id !== 'b')]);
    const moved = pagedItems(observer.getCurrentResult().data, (i) => i._id);
    expect(ids(moved)).toEqual(['b', 'a']);
    expect(moved[1]).toBe(first[0]);

    // Read again with "a" first and renamed "b": the list shows the server's values, and "b",
    // equal to what was shown, keeps its object though it is in another place.
    all.splice(0, 2, { _id: 'a', name: 'Ann' }, { _id: 'b' });
    const read = pagedItems((await observer.refetch()).data, (i) => i._id);
    expect(read).toEqual([{ _id: 'a', name: 'Ann' }, { _id: 'b' }]);
    expect(read[1]).toBe(moved[0]);
    unsubscribe();
  });
});
