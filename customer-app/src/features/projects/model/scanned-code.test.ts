import { describe, expect, it } from 'vitest';
import { serialFromScannedText } from './scanned-code';

describe('serialFromScannedText', () => {
  it('reads the registration link the portal prints as QR code', () => {
    expect(serialFromScannedText('https://portal.example.com/welcome?serialnumber=NX107SN0002')).toBe(
      'NX107SN0002',
    );
    expect(serialFromScannedText('http://localhost:8080/welcome?serialnumber=AB-12%2D3')).toBe('AB-12-3');
  });

  it('reads a link to the register page and a bare serial number', () => {
    expect(serialFromScannedText('https://x.test/my/projects/create?board=SN-1')).toBe('SN-1');
    expect(serialFromScannedText('  NX107SN0003 \n')).toBe('NX107SN0003');
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'hello world',
      'https://example.com/',
      'https://example.com/welcome?serialnumber=<script>',
      'javascript:alert(1)?serialnumber=X1',
      'WIFI:S:net;T:WPA;P:secret;;',
    ]) {
      expect(serialFromScannedText(text), text).toBeNull();
    }
  });
});
