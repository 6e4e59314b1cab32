// Draws the site's default link-preview image (public/social-card.png, 1200x630) with the
// brand's colours and mark. Run it again after changing the brand: `node scripts/make-social-card.mjs`.
import { chromium } from '@playwright/test';

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:90px 96px;background:#0f3b57;
  color:#fff;font-family:system-ui,'Noto Sans',sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:28px">
    <svg width="112" height="112" viewBox="0 0 36 36"><rect width="36" height="36" rx="9" fill="#f2b84b"/>
      <path d="M12 9h13v4.2h-8.4v3.6h7.2V21h-7.2v6H12z" fill="#0f3b57"/><circle cx="26" cy="26" r="2.6" fill="#0f3b57"/></svg>
    <span style="font-size:64px;font-weight:700;letter-spacing:-1px">Fidelitus Corp</span>
  </div>
  <div style="font-size:46px;line-height:1.25;font-weight:600;max-width:980px">
    Real estate, projects, facilities and people: one group, one point of contact.</div>
  <div style="height:10px;width:260px;background:#f2b84b;border-radius:5px"></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: new URL('../public/social-card.png', import.meta.url).pathname });
await browser.close();
