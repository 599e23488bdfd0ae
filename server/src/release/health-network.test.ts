import { networkOf } from './health-network';

describe('the network a report counts in', () => {
  it('is the /24 of an IPv4 address, also when written as IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('is the /48 of an IPv6 address, however it is written', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0DB8:ABCD:ffff:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('2001:db8::')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0::/48');
    expect(networkOf('2001:db8:abcd::')).toBe(networkOf('2001:db8:abcd:ffff:ffff:ffff:ffff:ffff'));
  });
});
