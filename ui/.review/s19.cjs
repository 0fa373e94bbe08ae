const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 await page.getByRole('button',{name:/select active positions/i}).click(); await page.waitForTimeout(800);
 const ptable = page.locator('table').nth(1); const rows = ptable.locator('tbody tr');
 for (const i of [0,1,5]) await rows.nth(i).locator('input[type=checkbox]').check({force:true});
 await page.getByRole('button',{name:/change selected/i}).click(); await page.waitForTimeout(1000);
 const d=page.getByRole('dialog'); const tr=d.locator('tbody tr');
 await tr.nth(0).locator('select').nth(1).selectOption('MARKET');
 await tr.nth(1).locator('select').nth(1).selectOption('MARKET'); await tr.nth(1).locator('input').first().fill('10');
 await tr.nth(2).locator('input').nth(1).fill('99');
 await page.waitForTimeout(300); await shot('58-change-multiple-filled');
 await d.getByRole('button',{name:/submit changes/i}).click(); await page.waitForTimeout(3000);
 await shot('59-after-change-multiple');
 await done();
})();
