const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 await shot('42-options-table-now');
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 const btns=row('#5').locator('button');
 console.log(await btns.evaluateAll(b=>b.map(x=>x.innerText+'|'+x.title+'|'+x.disabled)));
 await btns.nth(2).click(); await page.waitForTimeout(1500);
 await shot('43-replace-dialog');
 console.log(await page.getByRole('dialog').innerText());
 await done();
})();
