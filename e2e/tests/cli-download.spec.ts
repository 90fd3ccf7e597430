import { expect, test } from '../support/fixtures';

test('the documentation offers the alpenkube command, which the platform serves as a tarball', async ({
  page,
}) => {
  await page.goto('/documentation');
  const section = page.getByRole('region', { name: 'Command-line tool' });
  await expect(section).toContainText('npm install -g ./alpenkube-cli.tgz');
  const link = section.getByRole('link', { name: 'Download alpenkube-cli.tgz' });
  const tarball = await page.request.get((await link.getAttribute('href'))!);
  expect(tarball.status()).toBe(200);
  const bytes = await tarball.body();
  // A gzip stream (npm's tarball), of the one bundled file and its manifest: tens of kilobytes.
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  expect(bytes.length).toBeGreaterThan(20_000);
  expect(bytes.length).toBeLessThan(200_000);
});
