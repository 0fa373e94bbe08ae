const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 const row=(s)=>page.locator('tbody tr',{hasText:s}).first();
 await row('#3').getByRole('button',{name:'V',exact:true}).click().catch(async e=>{ console.log('no V role', e.message.slice(0,80)); await row('#3').locator('button').first().click();});
 await page.waitForTimeout(1500); await shot('39-view-session3');
 console.log(await page.getByRole('dialog').innerText());
 await done();
})();
