const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const ptable = page.locator('table').nth(1);
 const r0 = ptable.locator('tbody tr').first();
 await r0.locator('button').nth(1).click(); await page.waitForTimeout(1200);
 const d=page.getByRole('dialog');
 await d.locator('select').nth(1).selectOption('MARKET'); await page.waitForTimeout(300);
 await d.getByRole('button',{name:/exit order/i}).click(); await page.waitForTimeout(3000);
 await shot('51-after-exit-atlas');
 // selection mode
 await page.getByRole('button',{name:/select active positions/i}).click(); await page.waitForTimeout(1000);
 await shot('52-selection-mode');
 console.log(await page.locator('body').evaluate(()=>[...document.querySelectorAll('button')].map(b=>b.innerText.trim()).filter(Boolean).slice(0,20)));
 await done();
})();
