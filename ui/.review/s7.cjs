const {start,BASE}=require('./lib.cjs'); const {openPlace}=require('./optlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 // total rejection
 let d = await openPlace(page,{type:'MARKET', qty:1000});
 await d.getByRole('button',{name:/check accounts/i}).click(); await page.waitForTimeout(2500);
 await page.mouse.move(683,600); await page.mouse.wheel(0,600); await page.waitForTimeout(500);
 await shot('31-check-reject-all');
 await d.getByRole('button',{name:/^place order$/i}).click(); await page.waitForTimeout(300); await shot('32-place-reject-all-immediate');
 await page.waitForTimeout(2500); await shot('33-after-reject-all');
 if (await page.getByRole('dialog').count()) { console.log('DIALOG STILL OPEN:', (await page.getByRole('dialog').innerText()).slice(-600)); }
 await done();
})();
