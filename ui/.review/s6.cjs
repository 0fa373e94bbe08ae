const {start,BASE}=require('./lib.cjs'); const {openPlace}=require('./optlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 let d = await openPlace(page,{type:'MARKET', qty:2});
 await d.getByRole('button',{name:/check accounts/i}).click(); await page.waitForTimeout(2500);
 await page.mouse.move(683,600); await page.mouse.wheel(0,600); await page.waitForTimeout(500);
 await shot('28-check-accounts-scrolled');
 await d.getByRole('button',{name:/^place order$/i}).click(); await page.waitForTimeout(300); await shot('29-placing');
 await page.waitForTimeout(2500); await shot('30-after-market-place');
 await done();
})();
