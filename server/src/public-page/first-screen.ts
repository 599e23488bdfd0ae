import { firstScreenElementId, formatMoney, type PublicCreator } from '@cove/contracts';
import { escapeHtml } from '../hosted-page';

/**
 * The look of the first screen: the shell's tokens and the profile's layout, cut to what this page
 * draws, so the swap to the app is hardly seen. `#root` stays hidden while the first screen is there:
 * removing it shows the app in one step (no shift).
 */
const style = `body{margin:0}#${firstScreenElementId}~#root{display:none}
#${firstScreenElementId}{--b:#e2e6ec;--m:#5b6472;--s:#fff;--t:#14181f;min-height:100vh;background:#f6f7f9;color:var(--t);
font:15px/1.5 Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
@media (prefers-color-scheme:dark){#${firstScreenElementId}{--b:#2a323d;--m:#9aa5b4;--s:#161b22;--t:#e8edf3;background:#0e1116}}
.fs-bar{height:60px;display:flex;align-items:center;padding:0 16px;background:var(--s);border-bottom:1px solid var(--b);
font-weight:800;font-size:1.25rem}
.fs-page{max-width:1080px;margin:0 auto;padding:24px 12px;box-sizing:border-box}
.fs-page h1{margin:0 0 24px;font-size:1.75rem;line-height:1.2}
.fs-cols{display:grid;grid-template-columns:minmax(0,1fr);gap:24px;align-items:start}
@media (min-width:641px){.fs-cols{grid-template-columns:340px minmax(0,1fr)}}
.fs-card{background:var(--s);border:1px solid var(--b);border-radius:20px;overflow:hidden;padding-bottom:16px}
.fs-card>:not(.fs-cover){margin:12px 16px 0}
.fs-cover{aspect-ratio:3/1;background:linear-gradient(120deg,#ccfbf1,#ffe4df)}
.fs-cover img{display:block;width:100%;height:100%;object-fit:cover}
.fs-who{display:flex;align-items:flex-end;gap:12px;margin-top:-48px!important}
.fs-who img,.fs-who span{width:96px;height:96px;border-radius:50%;border:4px solid var(--s);background:var(--s);object-fit:cover}
.fs-who strong{font-size:1.25rem;padding-bottom:4px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.fs-bio{white-space:pre-line;overflow-wrap:anywhere}
.fs-tags{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px;font-size:.8125rem;color:var(--m)}
.fs-counts{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));text-align:center;font-size:.75rem;color:var(--m)}
.fs-counts b{display:block;font-size:15px;color:var(--t)}
.fs-price{font-weight:700;color:#115e59}
.fs-posts{display:flex;flex-direction:column;gap:16px;margin:0;padding:0;list-style:none}
.fs-posts li{background:var(--s);border:1px solid var(--b);border-radius:20px;padding:16px;overflow-wrap:anywhere}
.fs-posts small{display:block;color:var(--m)}`;

function price(creator: PublicCreator): string {
  const rate = creator.credit_rate > 0 ? `${formatMoney(creator.credit_rate)} per message` : 'Free messages';
  const month =
    creator.subscription_price > 0 ? ` · ${formatMoney(creator.subscription_price)} per month` : '';
  return rate + month;
}

function postLine(post: PublicCreator['posts'][number]): string {
  if (post.unlocked) return escapeHtml(post.text);
  const lead = post.teaser ? `${escapeHtml(post.teaser)} ` : '';
  return `${lead}<small>${post.price > 0 ? `Unlock for ${formatMoney(post.price)}` : 'For subscribers'}</small>`;
}

/**
 * A creator's public page drawn by the server (docs/frontend-platform.md, First screen): the cover,
 * avatar, name, bio, tags, counts, prices and the posts' words, readable before any script runs and by
 * crawlers. Its cover is a few pixels wider than the app's, so the page's largest paint stays this one
 * rather than the same picture drawn again by the app. Only what `GET /v1/public/creators/{username}` gives anyone, and no post media, so the page
 * holds no address that changes per visit. The public page's component removes it once it shows.
 */
export function firstScreenHtml(creator: PublicCreator): string {
  const name = escapeHtml(creator.username);
  const cover = creator.cover_url
    ? `<img src="${escapeHtml(creator.cover_url)}" alt="" fetchpriority="high">`
    : '';
  const avatar = creator.avatar_url
    ? `<img src="${escapeHtml(creator.avatar_url)}" alt="" fetchpriority="high">`
    : '<span></span>';
  const tags = creator.tags.map((t) => `<li>#${escapeHtml(t)}</li>`).join('');
  const { followers, posts, photos, videos } = creator.counts;
  const counts = (
    [
      ['Followers', followers],
      ['Posts', posts],
      ['Photos', photos],
      ['Videos', videos],
    ] as const
  )
    .map(([label, n]) => `<span><b>${n.toLocaleString('en-US')}</b>${label}</span>`)
    .join('');
  const items = creator.posts.map((p) => `<li>${postLine(p)}</li>`).join('');
  return `<style>${style}</style><div id="${firstScreenElementId}"><div class="fs-bar">Cove</div>
<main class="fs-page"><h1>${name}</h1><div class="fs-cols"><section class="fs-card" aria-label="About">
<div class="fs-cover">${cover}</div><div class="fs-who">${avatar}<strong>${name}</strong></div>
${creator.bio ? `<p class="fs-bio">${escapeHtml(creator.bio)}</p>` : ''}${tags ? `<ul class="fs-tags">${tags}</ul>` : ''}
<div class="fs-counts">${counts}</div><p class="fs-price">${price(creator)}</p></section>
<ul class="fs-posts" aria-label="Posts">${items}</ul></div></main></div>`;
}
