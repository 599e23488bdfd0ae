import { errorText, typedPriceCredits } from '@cove/contracts';
import { usePriceCap, useSession, useUploads, type UploadedMedia } from '@cove/runtime';
import { Button, ButtonLink, EmptyState, kit, useDocumentTitle } from '@cove/ui';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useCanBroadcast } from './use-can-broadcast';
import {
  draftItems,
  emptyBroadcastDraft,
  scheduleTime,
  withItems,
  type BroadcastDraft,
} from '../model/broadcast-draft';
import { BroadcastComposer } from './BroadcastComposer';
import { RecentBroadcasts } from './RecentBroadcasts';
import { Recipients } from './Recipients';
import { isEmptyAudience, audienceParams, type Audience } from '../model/audience';
import { StageView } from './SendPanel';
import { useBroadcastSend, type SendBody } from './use-broadcast-send';
import { ScreenTitle } from '../../../common/ScreenTitle';
import styles from './Broadcast.module.css';

/** `/chats/broadcast`: one message to many chats, now or later, and how past broadcasts did. */
export function BroadcastScreen() {
  useDocumentTitle('Broadcast');
  const allowed = useCanBroadcast();
  // A creator awaiting approval sells and reaches no one yet (docs/rules.md, Restricted creators).
  const restricted = useSession().user?.restricted === true;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <ButtonLink to="/chats" variant="ghost">
          ← Chats
        </ButtonLink>
        <ScreenTitle>Broadcast</ScreenTitle>
      </div>
      {allowed ? (
        <div className={`${kit.columns} ${styles.columns}`}>
          {restricted ? (
            <p className={kit.notice} role="status">
              {errorText('creator_under_review')}
            </p>
          ) : (
            <Composer />
          )}
          <RecentBroadcasts />
        </div>
      ) : (
        <EmptyState icon="📣" title="Broadcasts are for creators">
          Creators with broadcasts turned on can message many of their chats at once.
        </EmptyState>
      )}
    </div>
  );
}

function Composer() {
  const whenId = useId();
  const [audience, setAudience] = useState<Audience>({
    category: 'all',
    mode: 'everyone',
    chosen: [],
    listId: null,
  });
  const [draft, setDraft] = useState<BroadcastDraft>(emptyBroadcastDraft);
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState('');
  const sender = useBroadcastSend();
  const uploads = useUploads(
    useCallback(({ media, video }: UploadedMedia, file: File) => {
      setDraft((d) =>
        withItems(d, [
          ...draftItems(d),
          {
            type: media.media.type,
            media_id: media.media_id,
            public_id: media.public_id,
            width: media.width,
            height: media.height,
            video_length: media.video_length ?? video?.duration ?? null,
            label: file.name,
            thumb: media.media.th,
            vault: false,
          },
        ]),
      );
    }, []),
  );

  const running = uploads.items.find((i) => i.error === null);
  const uploadPercent = running
    ? running.progress.phase === 'uploading' && running.progress.total > 0
      ? Math.round((running.progress.loaded / running.progress.total) * 100)
      : 0
    : null;
  const credits = typedPriceCredits(draft.price, usePriceCap());
  const schedule = later ? scheduleTime(when) : null;
  const scheduleProblem = schedule && 'problem' in schedule ? schedule.problem : null;
  const hasContent = draft.text.trim().length > 0 || draft.media !== null;
  // Once sent (or refused) the draft stays as it went until the creator starts anew or retries.
  const ended =
    sender.stage.kind !== 'none' &&
    sender.stage.kind !== 'confirming' &&
    sender.stage.kind !== 'broadcasting';
  const canSend =
    hasContent &&
    credits !== null &&
    !isEmptyAudience(audience) &&
    running === undefined &&
    scheduleProblem === null &&
    !sender.busy &&
    !ended;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    const media = draft.media;
    const body: SendBody = {
      ...audienceParams(audience),
      type: media ? media.type : 'text',
      text: draft.text.trim(),
      // Only media can be paid: a text broadcast is always free.
      price: media ? (credits ?? 0) : 0,
      self_destruct: draft.selfDestruct,
      ...(media && {
        media_id: media.media_id,
        public_id: media.public_id,
        ...(media.width !== null && { width: media.width }),
        ...(media.height !== null && { height: media.height }),
        ...(media.video_length !== null && { video_length: media.video_length }),
      }),
      ...(draft.more.length > 0 && {
        media_items: draftItems(draft).map((i) => ({
          media_id: i.media_id,
          preview: (credits ?? 0) > 0 && i.media_id === draft.previewId,
        })),
      }),
      ...(schedule && 'at' in schedule && { send_at: schedule.at }),
    };
    sender.send(body);
  };

  const startNew = () => {
    setDraft(emptyBroadcastDraft);
    setLater(false);
    setWhen('');
    sender.reset();
  };

  return (
    <form className={styles.composer} onSubmit={submit} aria-label="New broadcast">
      <Recipients audience={audience} onChange={setAudience} disabled={sender.busy || ended} />
      <BroadcastComposer
        draft={draft}
        onChange={setDraft}
        uploads={uploads}
        disabled={sender.busy || ended}
        onPickFile={(file) => uploads.start([file])}
      />
      <fieldset className={kit.panel} disabled={sender.busy || ended}>
        <legend className={styles.legend}>When</legend>
        <div role="radiogroup" aria-label="When" className={styles.modes}>
          <label className={styles.choice}>
            <input type="radio" name="broadcast-when" checked={!later} onChange={() => setLater(false)} />
            Send now
          </label>
          <label className={styles.choice}>
            <input type="radio" name="broadcast-when" checked={later} onChange={() => setLater(true)} />
            Schedule
          </label>
        </div>
        {later && (
          <div className={styles.field}>
            <label htmlFor={whenId}>Send at</label>
            <input
              id={whenId}
              className={styles.input}
              type="datetime-local"
              value={when}
              aria-invalid={scheduleProblem !== null}
              aria-describedby={`${whenId}-hint`}
              onChange={(e) => setWhen(e.target.value)}
            />
            <span id={`${whenId}-hint`} className={scheduleProblem ? styles.bad : styles.muted}>
              {scheduleProblem ?? 'Within the next 30 days.'}
            </span>
          </div>
        )}
      </fieldset>
      <div className={kit.bar}>
        <StageView
          stage={sender.stage}
          uploadPercent={uploadPercent}
          onRetry={sender.retry}
          onEdit={sender.reset}
          onNew={startNew}
        />
        {!ended && (
          <Button type="submit" disabled={!canSend}>
            {later ? 'Schedule broadcast' : 'Send broadcast'}
          </Button>
        )}
      </div>
    </form>
  );
}
