const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.waitForTimeout(1000);
 const row = (t)=>page.locator('tr',{hasText:t});
 await row('Evergreen').getByRole('button',{name:'View info'}).click();
 await page.waitForTimeout(1500); await shot('11-info-evergreen');
 await page.keyboard.press('Escape'); await page.waitForTimeout(500);
 await row('Foxtrot').getByRole('button',{name:'Delete account'}).click();
 await page.waitForTimeout(800); await shot('12-delete-foxtrot');
 await page.getByRole('button',{name:/cancel/i}).click(); await page.waitForTimeout(500);
 await row('Evergreen').getByRole('button',{name:'Get access token'}).click();
 await page.waitForTimeout(800); await shot('13-token-evergreen');
 await page.getByRole('button',{name:/get access code/i}).click(); await page.waitForTimeout(1000); await shot('14-token-empty-submit');
 await page.keyboard.press('Escape'); await page.waitForTimeout(500);
 await page.getByRole('button',{name:/add account/i}).click(); await page.waitForTimeout(800); await shot('15-add-dialog');
 // submit empty
 await page.getByRole('dialog').getByRole('button',{name:/^login$/i}).click(); await page.waitForTimeout(1200); await shot('16-add-empty');
 // fill
 const d=page.getByRole('dialog'); const inp=d.locator('input');
 console.log('inputs',await inp.count());
 await inp.nth(0).fill('Hotel Hedge Opportunities Long Name Account XYZ');
 await inp.nth(1).fill('hotel');
 await inp.nth(2).fill('paper-pass-1');
 await d.getByRole('button',{name:/^login$/i}).click(); await page.waitForTimeout(150); await shot('17-add-spinner');
 await page.waitForTimeout(2000); await shot('18-add-done');
 // operator fan-out select options
 const sel = page.locator('select').last();
 console.log(await page.locator('select').evaluateAll(s=>s.map(x=>[...x.options].map(o=>o.text).join('|'))));
 await page.mouse.wheel(0,800); await page.waitForTimeout(500); await shot('19-operator-bottom');
 await done();
})();
