import {
  feedBuyResponse,
  feedItemEnvelope,
  feedPage,
  feedPatchBody,
  feedQuery,
  newFeedBody,
  postStatsEnvelope,
  postTipBody,
  scheduledPosts,
  sendMessageResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { fail } from '../errors';
import { buyPost, buyPostCodes } from '../feed/buy-post';
import { createPost, createPostCodes } from '../feed/create-post';
import { feedItemById } from '../feed/feed-item';
import { listFeed, listFeedCodes } from '../feed/list-feed';
import { markHomeFeedRead, readsHomeFeed } from '../feed/read-home-feed';
import { deletePost, deletePostCodes, editPost, editPostCodes } from '../feed/manage-post';
import { tipPost, tipPostCodes } from '../feed/tip-post';
import { postStatsCodes, readStats, recordViews } from '../feed/post-stats';
import { listScheduled, publishNow, publishPostCodes } from '../feed/schedule';
import { assertRegionAllows, regionCodes } from '../region/guard';
import { isUuid } from '../ids';
import { withErrors } from './with-errors';

const postParams = z.object({ id: z.string() });

export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };

  /** A post the caller just made or changed, as they see it. */
  const answer = async (viewerId: string, postId: string) => {
    const data = await feedItemById(app.media, viewerId, postId);
    if (!data) throw fail('not_found', 'Post');
    return { data };
  };

  app.get(
    '/v1/feed',
    {
      ...guarded,
      schema: {
        querystring: feedQuery,
        response: withErrors({ 200: feedPage }, [...listFeedCodes, ...regionCodes]),
      },
    },
    async (request) => {
      if (request.query.model_id !== undefined)
        await assertRegionAllows(app, request, request.query.model_id);
      const me = currentUser(request);
      if (readsHomeFeed(request.query)) await markHomeFeedRead(app, me.id);
      const page = await listFeed(app.media, me.id, request.query);
      await recordViews(app, me.id, page.data);
      return page;
    },
  );

  app.get(
    '/v1/feed/scheduled',
    { ...guarded, schema: { response: withErrors({ 200: scheduledPosts }, []) } },
    async (request) => ({ data: await listScheduled(app.media, currentUser(request).id) }),
  );

  // One post as the caller sees it (locked or open), wherever it sits in its creator's feed: what a
  // link to a post (`?post=`, a notification, a payment's return) opens.
  app.get(
    '/v1/feed/:id',
    {
      ...guarded,
      schema: {
        params: postParams,
        response: withErrors({ 200: feedItemEnvelope }, ['not_found', ...regionCodes]),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const data = isUuid(id) ? await feedItemById(app.media, me.id, id) : null;
      if (!data) throw fail('not_found', 'Post');
      await assertRegionAllows(app, request, data.model_id);
      await recordViews(app, me.id, [data]);
      return { data };
    },
  );

  app.get(
    '/v1/feed/:id/stats',
    {
      ...guarded,
      schema: { params: postParams, response: withErrors({ 200: postStatsEnvelope }, postStatsCodes) },
    },
    async (request) => readStats(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/v1/feed/:id/publish',
    {
      ...guarded,
      schema: {
        params: postParams,
        response: withErrors({ 200: feedItemEnvelope }, publishPostCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await publishNow(app, me.id, request.params.id);
      return answer(me.id, request.params.id);
    },
  );

  app.post(
    '/v1/feed',
    {
      ...guarded,
      schema: {
        body: newFeedBody,
        response: withErrors({ 200: feedItemEnvelope }, createPostCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      return answer(me.id, await createPost(app, me, request.body));
    },
  );

  app.patch(
    '/v1/feed/:id',
    {
      ...guarded,
      schema: {
        params: postParams,
        body: feedPatchBody,
        response: withErrors({ 200: feedItemEnvelope }, editPostCodes),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await editPost(app.db, me, request.params.id, request.body);
      return answer(me.id, request.params.id);
    },
  );

  app.delete(
    '/v1/feed/:id',
    {
      ...guarded,
      schema: {
        params: postParams,
        response: withErrors({ 204: z.null() }, deletePostCodes),
      },
    },
    async (request, reply) => {
      await deletePost(app, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/v1/feed/:id/buy',
    {
      ...guarded,
      schema: {
        params: postParams,
        response: withErrors({ 200: feedBuyResponse }, [...buyPostCodes, ...regionCodes]),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertRegionAllows(app, request, { post: request.params.id });
      return buyPost(app, me, request.params.id);
    },
  );

  app.post(
    '/v1/feed/:id/tip',
    {
      ...guarded,
      schema: {
        params: postParams,
        body: postTipBody,
        response: withErrors({ 200: sendMessageResponse }, [...tipPostCodes, ...regionCodes]),
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertRegionAllows(app, request, { post: request.params.id });
      return tipPost(app, me, request.params.id, request.body);
    },
  );
};
