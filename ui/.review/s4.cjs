const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(2000);
 await shot('20-options-empty');
 await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(1200);
 await shot('21-place-dialog');
 console.log(await page.getByRole('dialog').innerText());
 await done();
})();
