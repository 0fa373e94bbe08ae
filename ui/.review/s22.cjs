const {start,BASE}=require('./lib.cjs'); const {openMulti,addLeg}=require('./vlib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Vertical Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 const d=await openMulti(page);
 await addLeg(page,d,{strike:'225',instr:'BUY_TO_OPEN',type:'MARKET',qty:2000});
 await addLeg(page,d,{strike:'235',instr:'SELL_TO_OPEN',type:'MARKET',qty:2000});
 await shot('66-vertical-reject-form');
 await d.getByRole('button',{name:/place set/i}).click(); await page.waitForTimeout(500); await shot('67-vertical-reject-0.5s');
 await page.waitForTimeout(3000);
 await shot('68-after-vertical-reject');
 if (await page.getByRole('dialog').count()) console.log('DIALOG OPEN');
 await done();
})();
