export { Button, ButtonLink, type ButtonVariant } from './Button';
export { EmptyState } from './EmptyState';
export { Spinner, type SpinnerSize } from './Spinner';
export { Page, Tabs, SplitLayout, type NavItem } from './Page';
export { SignInGate } from './SignInGate';
export { RequestView } from './RequestView';
export { LoadMore } from './LoadMore';
export { RemoteRoot } from './RemoteRoot';
export { UsernameField, usernameReady } from './UsernameField';
