import { useEffect } from 'react';
import { Alerts } from '../awareness/Alerts';
import { keepCountInTitle } from '../awareness/title-count';
import { BrowserRouter, useNavigate } from '@cove/router';
import { Banners } from '../layout/Banners';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { TopNotices } from '../layout/TopNotices';
import { TabBar } from '../layout/TabBar';
import { runOnboarding } from '../onboarding/onboarding';
import { PopupLayer } from '../popups/PopupLayer';
import { PushPrompt } from '../push/PushPrompt';
import { applyReferralCode, keepReferralCode } from '../session/referral-code';
import { applyUtcOffset } from '../session/utc-offset';
import { keepOutboxOpen } from '../session/outbox';
import { reactToServerEvents } from '../session/server-reactions';
import { StaffFactorGate } from '../session/StaffFactorGate';
import styles from './App.module.css';
import { AppRoutes } from './routes';
import { ShellContext, useShell, type ShellServices } from '../services/shell-context';

/** Gives the host's `navigate` the router's. */
function RouterBridge() {
  const { setNavigate } = useShell();
  const navigate = useNavigate();
  useEffect(() => setNavigate((to, options) => void navigate(to, options)), [navigate, setNavigate]);
  return null;
}

/**
 * At boot: who is signed in, and which version of each remote runs (registered, not yet loaded).
 * For the page's life: the shell's reactions to server events, the signed-in person's outbox, and at
 * each sign-in onboarding and the referral code the visitor arrived with (`?code=`), and the unread
 * totals (kept in the title too).
 */
function BootLoader() {
  const { host, bus, account, loader, counts, outbox } = useShell();
  useEffect(() => {
    const reactions = reactToServerEvents(host, account);
    const stopOutbox = keepOutboxOpen(outbox, host, bus);
    const stopCounts = counts.start();
    const title = keepCountInTitle();
    const stopTitle = counts.onMessages((n) => title.set(n));
    keepReferralCode(window.location.search);
    const signIns = bus.shell$.subscribe((e) => {
      if (e.type !== 'session.changed' || e.status !== 'signed-in') return;
      void runOnboarding(host);
      const user = host.session.user;
      if (!user) return;
      // One after the other, so the session ends with the answer that holds both.
      void applyReferralCode(user, account).then(() => applyUtcOffset(user, account));
    });
    const controller = new AbortController();
    void account.boot(controller.signal);
    void loader.warm();
    return () => {
      controller.abort();
      reactions.unsubscribe();
      signIns.unsubscribe();
      stopCounts();
      stopOutbox();
      stopTitle();
      title.stop();
    };
  }, [host, bus, account, loader, counts, outbox]);
  return null;
}

export function App({ services }: { services: ShellServices }) {
  return (
    <ShellContext.Provider value={services}>
      <BrowserRouter>
        <RouterBridge />
        <BootLoader />
        <StaffFactorGate />
        <div className={styles.app}>
          <a href="#main" className={styles.skip}>
            Skip to content
          </a>
          <Header />
          <TopNotices>
            <Banners />
            <PushPrompt />
          </TopNotices>
          {/* The page's one main landmark: every shell screen and remote renders inside it. Focusable
              for the skip link and for a popup that closes with no opener to go back to. */}
          <main id="main" className={styles.main} tabIndex={-1}>
            <AppRoutes />
          </main>
          <Footer />
          <TabBar />
        </div>
        <Alerts />
        <PopupLayer />
      </BrowserRouter>
    </ShellContext.Provider>
  );
}
