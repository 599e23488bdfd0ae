import type { FastifyInstance } from 'fastify';
import type { PublicCreator } from '@cove/contracts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A creator's public page written as plain HTML with inline styles and no script: the same
 * cover, avatar, name, bio, counts and posts (free posts' text and images, teasers' lines), the
 * floor a page of that content could reach from the same server.
 */
export function staticPublicPage(creator: PublicCreator): string {
  const { counts } = creator;
  const image = (url: string | null, alt: string, style: string) =>
    url ? `<img src="${escape(url)}" alt="${escape(alt)}" style="${style}">` : '';
  const posts = creator.posts
    .map((post) => {
      const still = post.media ? (post.media.st ?? post.media.th) : null;
      const media = image(still, post.text, 'width:100%;border-radius:12px');
      const line = post.unlocked ? post.text : (post.teaser ?? '');
      return `<li style="padding:12px 0;border-top:1px solid #e5e7eb"><p>${escape(line)}</p>${media}</li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(creator.username)} on Cove</title>
</head><body style="margin:0;font-family:system-ui,sans-serif;color:#111827">
${image(creator.cover_url, '', 'display:block;width:100%;height:180px;object-fit:cover')}
<main style="max-width:640px;margin:0 auto;padding:0 16px">
${image(creator.avatar_url, creator.username, 'width:96px;height:96px;border-radius:50%;margin-top:-48px;border:4px solid #fff')}
<h1 style="font-size:24px;margin:8px 0">${escape(creator.username)}</h1>
<p>${escape(creator.bio)}</p>
<p>${counts.followers} followers · ${counts.posts} posts · ${counts.photos} photos · ${counts.videos} videos</p>
<ul style="list-style:none;padding:0">${posts}</ul></main></body></html>`;
}

/** Serves, from Cove's own server, the static page last set: the baseline beside its public page. */
export function serveStaticPage(app: FastifyInstance, path: string) {
  let html = '';
  app.get(path, async (_req, reply) => reply.type('text/html; charset=utf-8').send(html));
  return (page: string) => {
    html = page;
  };
}
