const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 await row('#5').locator('button').nth(2).click(); await page.waitForTimeout(1200);
 let d=page.getByRole('dialog');
 await d.getByLabel('Price',{exact:true}).fill('abc'); await d.getByLabel('Quantity',{exact:true}).fill('-2');
 await d.getByRole('button',{name:/replace order/i}).click(); await page.waitForTimeout(1200);
 await shot('44-replace-bad-input');
 await d.getByLabel('Price',{exact:true}).fill('0.02'); await d.getByLabel('Quantity',{exact:true}).fill('2');
 await d.getByRole('button',{name:/replace order/i}).click(); await page.waitForTimeout(3000);
 await shot('45-after-replace');
 await done();
})();
