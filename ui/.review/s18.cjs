const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 await page.getByRole('button',{name:/select active positions/i}).click(); await page.waitForTimeout(800);
 await page.getByRole('button',{name:/change selected/i}).click(); await page.waitForTimeout(800);
 await shot('53-change-none');
 if (await page.getByRole('dialog').count()) { console.log('D:',await page.getByRole('dialog').innerText()); await page.getByRole('dialog').getByRole('button',{name:/cancel/i}).click(); await page.waitForTimeout(400);}
 const ptable = page.locator('table').nth(1);
 await ptable.locator('thead button').first().click(); await page.waitForTimeout(800);
 await shot('54-exit-selected-none');
 if (await page.getByRole('dialog').count()) { console.log('D:',await page.getByRole('dialog').innerText()); await page.getByRole('dialog').getByRole('button',{name:/cancel/i}).click(); await page.waitForTimeout(400);}
 const rows = ptable.locator('tbody tr');
 await rows.nth(0).locator('input[type=checkbox]').check({force:true}); await rows.nth(1).locator('input[type=checkbox]').check({force:true});
 await ptable.locator('thead button').first().click(); await page.waitForTimeout(800);
 await shot('55-exit-selected-diff');
 if (await page.getByRole('dialog').count()) { console.log('D:',await page.getByRole('dialog').innerText()); await page.getByRole('dialog').getByRole('button',{name:/cancel/i}).click(); await page.waitForTimeout(400);}
 await rows.nth(1).locator('input[type=checkbox]').uncheck({force:true}); await rows.nth(5).locator('input[type=checkbox]').check({force:true});
 await ptable.locator('thead button').first().click(); await page.waitForTimeout(1000);
 await shot('56-exit-selected-same');
 console.log('D:',await page.getByRole('dialog').innerText());
 await page.getByRole('dialog').getByRole('button',{name:/cancel/i}).click(); await page.waitForTimeout(400);
 await rows.nth(1).locator('input[type=checkbox]').check({force:true});
 await page.getByRole('button',{name:/change selected/i}).click(); await page.waitForTimeout(1000);
 await shot('57-change-multiple');
 console.log('D:',await page.getByRole('dialog').innerText());
 await done();
})();
