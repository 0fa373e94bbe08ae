const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Vertical Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 await row('#11').locator('button').nth(3).click(); await page.waitForTimeout(1200);
 const d=page.getByRole('dialog'); const tr=d.locator('tbody tr');
 await tr.nth(0).locator('input[type=checkbox]').check({force:true});
 await page.waitForTimeout(400); await shot('72-cancel-one-leg-selected');
 await d.getByRole('button').last().click(); await page.waitForTimeout(3000);
 await shot('73-after-cancel-one-leg');
 await row('#11').locator('button').first().click(); await page.waitForTimeout(1200);
 await shot('74-view-after-cancel-one-leg');
 await done();
})();
