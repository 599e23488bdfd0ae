-- Creators' profiles, follows, feed posts and subscriptions (src/profiles, src/feed,
-- src/subscriptions). Money moves only through ledger transactions (migration 0003).

ALTER TABLE users
  ADD COLUMN bio text NOT NULL DEFAULT '',
  ADD COLUMN cover_url text,
  ADD COLUMN subscription_price integer NOT NULL DEFAULT 0
    CONSTRAINT users_subscription_price_range CHECK (subscription_price BETWEEN 0 AND 10000);
--> statement-breakpoint

-- A fan (or anyone) following a creator.
CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, creator_id),
  CONSTRAINT follows_not_self CHECK (follower_id <> creator_id)
);
--> statement-breakpoint
CREATE INDEX follows_creator_idx ON follows (creator_id, created_at DESC);
--> statement-breakpoint

CREATE TABLE feed_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('text', 'image', 'video', 'avatar')),
  text text NOT NULL DEFAULT '',
  media_id uuid REFERENCES media(id),
  audience text NOT NULL DEFAULT 'user' CHECK (audience IN ('user', 'follower', 'subscriber', 'fan')),
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  send_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT feed_posts_send_id UNIQUE (creator_id, send_id),
  CONSTRAINT feed_posts_media CHECK ((type IN ('image', 'video', 'avatar')) = (media_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX feed_posts_creator_idx ON feed_posts (creator_id, created_at DESC) WHERE deleted_at IS NULL;
--> statement-breakpoint

-- One unlock of a paid post per (post, buyer), each its own ledger transaction.
CREATE TABLE feed_purchases (
  post_id uuid NOT NULL REFERENCES feed_posts(id),
  buyer_id uuid NOT NULL REFERENCES users(id),
  price integer NOT NULL,
  transaction_id uuid NOT NULL UNIQUE REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, buyer_id)
);
--> statement-breakpoint

-- A fan's subscription to a creator: one row per pair, renewed period by period.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fan_id uuid NOT NULL REFERENCES users(id),
  creator_id uuid NOT NULL REFERENCES users(id),
  -- active: renews at period end; canceled: runs to period end, then ends; expired: over.
  status text NOT NULL CHECK (status IN ('active', 'canceled', 'expired')),
  price integer NOT NULL CHECK (price > 0),
  -- Periods paid so far; a renewal charges period + 1 exactly once (its ledger key names it).
  period integer NOT NULL DEFAULT 1,
  current_period_end timestamptz NOT NULL,
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT subscriptions_pair UNIQUE (fan_id, creator_id),
  CONSTRAINT subscriptions_not_self CHECK (fan_id <> creator_id)
);
--> statement-breakpoint
CREATE INDEX subscriptions_creator_idx ON subscriptions (creator_id) WHERE status <> 'expired';
--> statement-breakpoint
CREATE INDEX subscriptions_renewal_idx ON subscriptions (current_period_end) WHERE status <> 'expired';
--> statement-breakpoint

-- Discover cards a fan has been shown (history), so each creator's card comes once.
CREATE TABLE discover_card_visits (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  creator_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  visited_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, creator_id)
);
