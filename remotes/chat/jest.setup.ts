import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A guard for a loaded CI machine, not a speed check: findBy and waitFor give up after 5 s, not 1 s.
configure({ asyncUtilTimeout: 5_000 });
