const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.waitForTimeout(1000);
 const row = (t)=>page.locator('tr',{hasText:t});
 await row('Evergreen').getByRole('button',{name:'Get access token'}).click();
 await page.waitForTimeout(800);
 await page.keyboard.press('Escape'); await page.waitForTimeout(600);
 console.log('dialog still open after Escape:', await page.getByRole('dialog').count());
 await page.locator('.bp6-overlay-backdrop').last().click({position:{x:10,y:10}, force:true}).catch(e=>console.log('bd',e.message)); await page.waitForTimeout(600);
 console.log('dialog still open after backdrop:', await page.getByRole('dialog').count());
 await shot('14b-token-escape');
 if (await page.getByRole('dialog').count()) { await page.getByRole('dialog').getByRole('button',{name:/cancel/i}).click(); await page.waitForTimeout(500);}
 await page.getByRole('button',{name:/add account/i}).click(); await page.waitForTimeout(800); await shot('15-add-dialog');
 const d=page.getByRole('dialog');
 await d.getByRole('button',{name:/^login$/i}).click(); await page.waitForTimeout(1200); await shot('16-add-empty');
 const inp=d.locator('input');
 console.log('inputs',await inp.count());
 await inp.nth(0).fill('Hotel Hedge Opportunities Long Name Account XYZ');
 await inp.nth(1).fill('hotel');
 await inp.nth(2).fill('paper-pass-1');
 await d.getByRole('button',{name:/^login$/i}).click(); await page.waitForTimeout(150); await shot('17-add-spinner');
 await page.waitForTimeout(2000); await shot('18-add-done');
 console.log(await page.locator('select').evaluateAll(s=>s.map(x=>[...x.options].map(o=>o.text).join('|'))));
 await page.mouse.wheel(0,800); await page.waitForTimeout(500); await shot('19-operator-bottom');
 await done();
})();
