const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Vertical Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 await row('#11').locator('button').first().click(); await page.waitForTimeout(1200);
 await shot('69-vertical-view');
 await page.keyboard.press('Escape'); await page.waitForTimeout(600);
 if (await page.getByRole('dialog').count()) await page.getByRole('dialog').getByRole('button',{name:/close/i}).last().click();
 await page.waitForTimeout(400);
 await row('#11').locator('button').nth(3).click(); await page.waitForTimeout(1200);
 await shot('70-cancel-legs-dialog');
 const d=page.getByRole('dialog'); console.log(await d.innerText());
 console.log(await d.getByRole('button').allInnerTexts());
 await d.getByRole('button').last().click(); await page.waitForTimeout(1000); await shot('71-cancel-legs-none');
 await done();
})();
