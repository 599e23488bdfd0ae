import { secretBox } from './secret-box';

const box = secretBox(Buffer.from('k'.repeat(43)));

describe('secret box', () => {
  it('seals so that only the same key and person open it', () => {
    const sealed = box.seal('user-a', 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open('user-a', sealed)).toBe('JBSWY3DPEHPK3PXP');
    // Moved to another row, or opened with another key: refused.
    expect(() => box.open('user-b', sealed)).toThrow();
    expect(() => secretBox(Buffer.from('x'.repeat(43))).open('user-a', sealed)).toThrow();
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    expect(box.seal('u', 'S')).not.toBe(box.seal('u', 'S'));
  });
});
