const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const prow=page.locator('tbody tr',{hasText:'Atlas Small'}).filter({hasText:'205.00 C'}).last();
 console.log(await page.locator('tbody tr',{hasText:'Atlas Small'}).count());
 // positions table is the second table
 const ptable = page.locator('table').nth(1);
 const r0 = ptable.locator('tbody tr').first();
 await r0.locator('button').first().click(); await page.waitForTimeout(1200);
 await shot('49-position-view');
 console.log(await page.getByRole('dialog').innerText());
 await page.keyboard.press('Escape'); await page.waitForTimeout(500);
 await r0.locator('button').nth(1).click(); await page.waitForTimeout(1200);
 await shot('50-position-exit-dialog');
 console.log(await page.getByRole('dialog').innerText());
 await done();
})();
