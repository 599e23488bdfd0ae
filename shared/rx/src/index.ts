/**
 * The RxJS the site runs: every part imports it from here, never from rxjs, and the shell shares this
 * module as a singleton. Module Federation shares a module whole, so only what is re-exported here is
 * bundled. A new export is a minor version (a remote that needs it is refused by a shell built before it).
 */
export { BehaviorSubject, distinctUntilChanged, filter, Subject, Subscription, type Observable } from 'rxjs';
