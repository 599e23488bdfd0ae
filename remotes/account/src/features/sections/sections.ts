/** Account screens still to be filled, each said plainly with where to go meanwhile. */
export interface SectionInfo {
  path: string;
  title: string;
  icon: string;
  body: string;
}

export const pendingSections: SectionInfo[] = [
  {
    path: 'auto-messages',
    title: 'Auto-messages',
    icon: '🤖',
    body: 'Setting up auto-messages is not available in this version of Cove.',
  },
];
