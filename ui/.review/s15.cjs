const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 await row('replaces #5').locator('button').nth(3).click(); await page.waitForTimeout(1200);
 await shot('46-cancel-dialog');
 console.log(await page.getByRole('dialog').innerText());
 const d=page.getByRole('dialog');
 const b=d.getByRole('button'); console.log(await b.allInnerTexts());
 await b.last().click(); await page.waitForTimeout(3000);
 await shot('47-after-cancel');
 await page.locator('.bp6-table-container, .scroll-region, tbody').first().evaluate(e=>{let p=e; while(p && p.scrollHeight<=p.clientHeight) p=p.parentElement; if(p) p.scrollTop=0;});
 await page.waitForTimeout(500); await shot('48-after-cancel-top');
 await done();
})();
