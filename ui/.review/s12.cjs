const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 await row('#3').locator('button').first().click(); await page.waitForTimeout(1200);
 await page.getByRole('button',{name:/fairness/i}).click(); await page.waitForTimeout(1500);
 await shot('40-fairness-s3');
 console.log(await page.getByRole('dialog').last().innerText());
 await page.getByRole('dialog').last().getByRole('button',{name:/close/i}).last().click(); await page.waitForTimeout(500);
 await page.getByRole('dialog').last().getByRole('button',{name:/close/i}).last().click(); await page.waitForTimeout(500);
 await row('#4').locator('button').first().click(); await page.waitForTimeout(1200);
 await page.getByRole('button',{name:/fairness/i}).click(); await page.waitForTimeout(1500);
 await shot('41-fairness-s4');
 console.log(await page.getByRole('dialog').last().innerText());
 await done();
})();
