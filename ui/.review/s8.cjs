const {start,BASE}=require('./lib.cjs'); const {openPlace}=require('./optlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 // partial across accounts
 let d = await openPlace(page,{type:'MARKET', qty:30});
 await d.getByRole('button',{name:/^place order$/i}).click(); await page.waitForTimeout(3000); await shot('34-after-partial-accounts');
 if (await page.getByRole('dialog').count()) { console.log('DIALOG STILL OPEN'); await shot('34b-dialog-open'); }
 await done();
})();
