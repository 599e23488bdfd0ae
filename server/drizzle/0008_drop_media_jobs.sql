-- Media jobs run on pg-boss (its own pgboss schema); media still processing are queued there again by the media sweep (src/media/job-repair.ts).
DROP TABLE "media_jobs" CASCADE;
