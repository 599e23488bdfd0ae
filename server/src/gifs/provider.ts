export interface Gif {
  id: string;
  title: string;
  /** Absolute https URL on an allowed host, or a path on Cove itself. */
  url: string;
  width: number;
  height: number;
}

/** Where GIF search results come from; the local library is the default. */
export interface GifProvider {
  search(query: string, limit: number): Promise<Gif[]>;
}
