import { describe, expect, it } from 'vitest';
import { groupedSecret, svgImageSource } from './authenticator-block';
import { recoveryCodesText } from './recovery-codes';

describe('the set-up screen’s pieces', () => {
  it('groups a secret in fours, whatever the server did', () => {
    expect(groupedSecret('JBSW Y3DP EHPK 3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('JBSWY3DPEHPK3PXPAB==')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('draws the QR code from an image address, with the SVG escaped in it', () => {
    const source = svgImageSource('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>');
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(source).not.toMatch(/[<>"# ]/);
  });

  it('writes the codes one a line under what they are', () => {
    expect(recoveryCodesText(['aaaaa-bbbbb', 'ccccc-ddddd'], 'asha@corp.example', 'localhost:8080')).toBe(
      'Recovery codes for asha@corp.example at localhost:8080\nEach code signs you in once, in place of your authenticator app or passkey.\n\naaaaa-bbbbb\nccccc-ddddd\n',
    );
  });
});
