import type { commentsPage, commentsQuery, ErrorCode, PostComment } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type * as z from '../zod';
import { rowsOf } from '../db/rows';
import { retryConflicts } from '../db/transaction';
import { AppError, fail } from '../errors';
import { isUuid } from '../ids';
import { checkText } from '../messages/keyword-check';
import { providerConfigFor } from '../provider/provider-config';
import type { UserRow } from '../db/schema';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { type EngageablePost, engageCodes, postToEngage } from './engage-access';
import { changeCount, type PostCounts } from './engagement-counts';

/** What writing a comment may be refused with. */
export const addCommentCodes = [...engageCodes, 'comment_blocked'] as const satisfies readonly ErrorCode[];

/** What hiding or deleting a comment may be refused with. */
export const manageCommentCodes = ['not_found', 'forbidden'] as const satisfies readonly ErrorCode[];

interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  username: string | null;
  avatar_url: string | null;
  text: string;
  hidden: boolean;
  created_at: Date | string;
}

const commentColumns = sql`c.id, c.post_id, c.author_id, u.username, u.avatar_url, c.text,
  c.hidden_at is not null as hidden, c.created_at`;

/** A hidden comment is seen by its author and the post's creator only. */
const seenBy = (viewerId: string, creatorId: string) =>
  sql`(c.hidden_at is null or c.author_id = ${viewerId} or ${creatorId}::uuid = ${viewerId})`;

function toComment(row: CommentRow, viewerId: string, creatorId: string): PostComment {
  const isCreator = viewerId === creatorId;
  return {
    _id: row.id,
    post_id: row.post_id,
    author: { _id: row.author_id, username: row.username, avatar_url: row.avatar_url },
    text: row.text,
    hidden: row.hidden,
    can_delete: isCreator || row.author_id === viewerId,
    can_hide: isCreator && row.author_id !== viewerId,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** `GET /v1/feed/:id/comments`: newest or oldest first, a page at a time, as the viewer may see them. */
export async function listComments(
  deps: EventDeps,
  viewerId: string,
  postId: string,
  q: z.infer<typeof commentsQuery>,
): Promise<z.infer<typeof commentsPage>> {
  const post = await postToEngage(deps.db, viewerId, postId);
  const direction = q.order === 'newest' ? sql`desc` : sql`asc`;
  const rows = rowsOf<CommentRow>(
    await deps.db.execute(sql`
      select ${commentColumns} from post_comments c join users u on u.id = c.author_id
      where c.post_id = ${post.id} and ${seenBy(viewerId, post.creatorId)}
      order by c.created_at ${direction}, c.id ${direction}
      limit ${q.limit + 1} offset ${q.offset}`),
  );
  const [count] = rowsOf<{ comment_count: number }>(
    await deps.db.execute(sql`select comment_count from feed_posts where id = ${post.id}`),
  );
  const next = new URLSearchParams({
    order: q.order,
    limit: String(q.limit),
    offset: String(q.offset + q.limit),
  });
  return {
    data: rows.slice(0, q.limit).map((r) => toComment(r, viewerId, post.creatorId)),
    next: rows.length > q.limit ? `/v1/feed/${post.id}/comments?${next}` : null,
    comment_count: count?.comment_count ?? 0,
  };
}

/**
 * `POST /v1/feed/:id/comments`: a comment of 1 to 500 characters by someone who may engage with the
 * post. The keyword lists judge it as a tip's message: anything they block or warn about is refused,
 * since a comment is read by everyone the post reaches.
 */
export async function addComment(
  deps: EventDeps,
  me: UserRow,
  postId: string,
  text: string,
): Promise<{ data: PostComment; comment_count: number }> {
  const post = await postToEngage(deps.db, me.id, postId);
  if (checkText(text, await providerConfigFor(deps.db, me)).kind !== 'ok') throw fail('comment_blocked');
  const id = randomUUID();
  return retryConflicts(() =>
    withEvents(deps, async (tx, emit) => {
      const counts = await changeCount(
        tx,
        emit,
        post,
        me.id,
        sql`insert into post_comments (id, post_id, author_id, text)
          values (${id}, ${post.id}, ${me.id}, ${text}) returning true as counted`,
        'comment_count',
        1,
      );
      const [row] = rowsOf<CommentRow>(
        await tx.execute(sql`
          select ${commentColumns} from post_comments c join users u on u.id = c.author_id
          where c.id = ${id}`),
      );
      if (!row) throw new Error('the comment just written is missing');
      return { data: toComment(row, me.id, post.creatorId), comment_count: counts.comment_count };
    }),
  );
}

/**
 * The comment `commentId` on post `postId` when the caller may see it: its author, the post's
 * creator, or (shown) anyone who may engage with the post. Else 404, so an id says nothing of a
 * comment the caller cannot see.
 */
async function commentFor(
  deps: EventDeps,
  viewerId: string,
  postId: string,
  commentId: string,
): Promise<{ comment: CommentRow; post: EngageablePost }> {
  if (!isUuid(postId) || !isUuid(commentId)) throw fail('not_found', 'Comment');
  const [row] = rowsOf<CommentRow & { creator_id: string }>(
    await deps.db.execute(sql`
      select ${commentColumns}, p.creator_id from post_comments c
      join feed_posts p on p.id = c.post_id and p.deleted_at is null
      join users u on u.id = c.author_id
      where c.id = ${commentId} and c.post_id = ${postId}`),
  );
  if (!row) throw fail('not_found', 'Comment');
  const post = { id: row.post_id, creatorId: row.creator_id };
  if (row.author_id === viewerId || post.creatorId === viewerId) return { comment: row, post };
  if (row.hidden) throw fail('not_found', 'Comment');
  try {
    await postToEngage(deps.db, viewerId, postId);
  } catch (err) {
    throw err instanceof AppError ? fail('not_found', 'Comment') : err;
  }
  return { comment: row, post };
}

/**
 * `PATCH /v1/feed/:id/comments/:comment_id`: the post's creator hides a comment (it leaves the count;
 * its author and the creator still see it, marked hidden) or shows it again. Anyone else: 403.
 */
export async function setCommentHidden(
  deps: EventDeps,
  viewerId: string,
  postId: string,
  commentId: string,
  hidden: boolean,
): Promise<{ data: PostComment; comment_count: number }> {
  const { comment, post } = await commentFor(deps, viewerId, postId, commentId);
  if (post.creatorId !== viewerId) throw fail('forbidden');
  const change = hidden
    ? sql`update post_comments set hidden_at = now() where id = ${comment.id} and hidden_at is null returning true as counted`
    : sql`update post_comments set hidden_at = null where id = ${comment.id} and hidden_at is not null
        returning true as counted`;
  const counts = await retryConflicts(() =>
    withEvents(deps, (tx, emit) =>
      changeCount(tx, emit, post, viewerId, change, 'comment_count', hidden ? -1 : 1),
    ),
  );
  return {
    data: toComment({ ...comment, hidden }, viewerId, post.creatorId),
    comment_count: counts.comment_count,
  };
}

/**
 * `DELETE /v1/feed/:id/comments/:comment_id`: its author, or the post's creator, deletes a comment for
 * good; a shown one leaves the count (a hidden one had already). Anyone else: 403.
 */
export async function deleteComment(
  deps: EventDeps,
  viewerId: string,
  postId: string,
  commentId: string,
): Promise<PostCounts> {
  const { comment, post } = await commentFor(deps, viewerId, postId, commentId);
  if (comment.author_id !== viewerId && post.creatorId !== viewerId) throw fail('forbidden');
  // Only a shown comment counted; a hide racing this delete has taken it off already (the row lock
  // makes this statement see the hide).
  const change = sql`delete from post_comments where id = ${comment.id} returning hidden_at is null as counted`;
  return retryConflicts(() =>
    withEvents(deps, (tx, emit) => changeCount(tx, emit, post, viewerId, change, 'comment_count', -1)),
  );
}
