const {start,BASE}=require('./lib.cjs'); const {openPlace}=require('./optlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 let d = await openPlace(page,{strike:'245.0', qty:150, price:'ask'});
 await shot('36-form-partial');
 await d.getByRole('button',{name:/^place order$/i}).click();
 for (const t of [600,1200,2500,5000]) { await page.waitForTimeout(t); await shot('37-partial-'+t); }
 d = await openPlace(page,{strike:'245.0', qty:1, price:'0.01'});
 await d.getByRole('button',{name:/^place order$/i}).click(); await page.waitForTimeout(3000);
 await shot('38-resting');
 await done();
})();
